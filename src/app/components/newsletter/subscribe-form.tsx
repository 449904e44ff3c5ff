import { type FormEvent, useId, useState } from 'react'
import {
  EMAIL_MAX_LENGTH,
  NEWSLETTER_MESSAGES,
  readSubscription,
  SUBSCRIBER_NAME_MAX_LENGTH,
} from '../../../shared/newsletter'
import { PAGES } from '../../../shared/paths'
import { apiRequest, errorMessage } from '../../data/api-request'
import { SiteLink } from '../site-link'

type State = { sending: boolean; error: string | null; sent: boolean }

/**
 * The newsletter's form: a plain form post to the API (answered with a redirect to /subscribe) without
 * JavaScript; with it, sent in the page, its outcome said in place. Every instance has its own ids, as a
 * post page shows two (the post's end and the footer).
 */
export function SubscribeForm({ heading, headingLevel = 2 }: { heading: string; headingLevel?: 2 | 3 }) {
  const id = useId()
  const [state, setState] = useState<State>({ sending: false, error: null, sent: false })
  const Heading = `h${headingLevel}` as const

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = Object.fromEntries(new FormData(event.currentTarget))
    const read = readSubscription(fields)
    if (!read.ok) return setState({ sending: false, error: read.error, sent: false })
    setState({ sending: true, error: null, sent: false })
    try {
      await apiRequest('/api/subscribers', { method: 'POST', body: { email: read.email, name: read.name } })
      setState({ sending: false, error: null, sent: true })
    } catch (error) {
      setState({ sending: false, error: errorMessage(error, 'Could not subscribe. Try again.'), sent: false })
    }
  }

  return (
    <section className="subscribe" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="subscribe__heading">
        {heading}
      </Heading>
      <p className="subscribe__lead">
        New posts by email: updates, events and awards. No spam, unsubscribe in one click.
      </p>
      <p role="status" className="subscribe__sent">
        {state.sent ? NEWSLETTER_MESSAGES.sent : ''}
      </p>
      {!state.sent && (
        <form method="post" action="/api/subscribers" className="subscribe__form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field__label">
              Email
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              {...(state.error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-name`} className="field__label">
              Name <span className="field__optional">(optional)</span>
            </label>
            <input id={`${id}-name`} name="name" autoComplete="name" maxLength={SUBSCRIBER_NAME_MAX_LENGTH} />
          </div>
          <button type="submit" className="button button--primary subscribe__button" disabled={state.sending}>
            {state.sending ? 'Subscribing…' : 'Subscribe'}
          </button>
          {state.error && (
            <p id={`${id}-error`} className="field__error subscribe__error" role="alert">
              {state.error}
            </p>
          )}
          <p className="subscribe__consent">
            We email you only the news you ask for. See the{' '}
            <SiteLink to={`${PAGES.privacy}#newsletter`}>privacy notice</SiteLink>.
          </p>
        </form>
      )}
    </section>
  )
}
