import { useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import { NEWSLETTER_MESSAGES, SUBSCRIBE_PAGE, type SubscribeOutcome } from '../../../shared/newsletter'
import { readSubscribeQuery } from '../../../shared/page-query'
import { SubscribeForm } from '../../components/newsletter/subscribe-form'
import { PageMeta } from '../../components/page-meta'

/** What each redirect of the no-JavaScript forms says, and whether it is a problem to fix. */
const OUTCOMES: Record<SubscribeOutcome, { text: string; problem: boolean }> = {
  sent: { text: NEWSLETTER_MESSAGES.sent, problem: false },
  expired: { text: NEWSLETTER_MESSAGES.expired, problem: true },
  unsubscribed: { text: NEWSLETTER_MESSAGES.unsubscribed, problem: false },
  invalid: { text: NEWSLETTER_MESSAGES.emailInvalid, problem: true },
  limited: { text: NEWSLETTER_MESSAGES.limited, problem: true },
}

/** The newsletter on a page of its own: where the forms land without JavaScript, and the Follow links' target. */
export function SubscribePage() {
  const { outcome } = readSubscribeQuery(useSearchParams()[0])
  const said = outcome ? OUTCOMES[outcome] : null
  return (
    <article className="subscribe-page">
      <PageMeta
        title={`Newsletter | ${site.name}`}
        description={`${site.name}'s news by email: new posts on updates, events and awards.`}
        path={SUBSCRIBE_PAGE}
      />
      <h1 className="subscribe-page__title">{site.name} by email</h1>
      {said && (
        <p
          className={`subscribe-page__outcome${said.problem ? ' subscribe-page__outcome--problem' : ''}`}
          role="status"
        >
          {said.text}
        </p>
      )}
      {outcome !== 'sent' && <SubscribeForm heading="Subscribe" />}
    </article>
  )
}

export { SubscribePage as Component }
