import { type FormEvent, useId, useState } from 'react'
import { NEWSLETTER_MESSAGES, readSubscription, SUBSCRIBE_ACTION, SUBSCRIBE_API } from '../../../shared/newsletter'
import { currentPage, sendAnalytics } from '../../analytics-beacon'
import { apiRequest, errorMessage } from '../../data/api-request'
import { SubscribeFields, SubscribeSection } from './subscribe-fields'

type State = { sending: boolean; error: string | null; sent: boolean }

/**
 * The newsletter's form where a page offers it (a post's end, the blog, /subscribe): a plain form post
 * without JavaScript; with it, sent in the page and its outcome said in place.
 */
export function SubscribeForm({ heading }: { heading: string }) {
  const id = useId()
  const [state, setState] = useState<State>({ sending: false, error: null, sent: false })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const read = readSubscription(Object.fromEntries(new FormData(event.currentTarget)))
    if (!read.ok) return setState({ sending: false, error: read.error, sent: false })
    setState({ sending: true, error: null, sent: false })
    try {
      await apiRequest(SUBSCRIBE_API, { method: 'POST', body: { email: read.email, name: read.name } })
      setState({ sending: false, error: null, sent: true })
      sendAnalytics({ event: 'newsletter_signup', url: currentPage() })
    } catch (error) {
      setState({ sending: false, error: errorMessage(error, 'Could not subscribe. Try again.'), sent: false })
    }
  }

  return (
    <SubscribeSection id={id} heading={heading}>
      <p role="status" className="subscribe__sent">
        {state.sent ? NEWSLETTER_MESSAGES.sent : ''}
      </p>
      {!state.sent && (
        <form method="post" action={SUBSCRIBE_ACTION} className="subscribe__form" onSubmit={submit} noValidate>
          <SubscribeFields id={id} error={state.error} sending={state.sending} />
        </form>
      )}
    </SubscribeSection>
  )
}
