import { useEffect } from 'react'
import { data, type LoaderFunctionArgs, useParams } from 'react-router'
import { site } from '../../../content/site'
import {
  NEWSLETTER_MESSAGES,
  SUBSCRIBE_PAGE,
  SUBSCRIBER_PAGE_HEADERS,
  type SubscribeOutcome,
  subscribeOutcomeOf,
} from '../../../shared/newsletter'
import { arrived, sendAnalytics } from '../../analytics-beacon'
import { SubscribeForm } from '../../components/newsletter/subscribe-form'
import { PageMeta } from '../../components/page-meta'
import { SubscribeConfirmPage } from './confirm-page'
import { PreferencesPage } from './preferences-page'
import { UnsubscribePage } from './unsubscribe-page'

/** What each redirect of the no-JavaScript forms says, and whether it is a problem to fix. */
const OUTCOMES: Record<SubscribeOutcome, { text: string; problem: boolean }> = {
  sent: { text: NEWSLETTER_MESSAGES.sent, problem: false },
  expired: { text: NEWSLETTER_MESSAGES.expired, problem: true },
  unsubscribed: { text: NEWSLETTER_MESSAGES.unsubscribed, problem: false },
  invalid: { text: NEWSLETTER_MESSAGES.emailInvalid, problem: true },
  limited: { text: NEWSLETTER_MESSAGES.limited, problem: true },
}

/** The pages an email's links open, each with the secret the link carries. */
const STEPS = { confirm: SubscribeConfirmPage, preferences: PreferencesPage, unsubscribe: UnsubscribePage }
const stepOf = (step: string | undefined) => STEPS[step?.toLowerCase() as keyof typeof STEPS] ?? null

/**
 * Every newsletter page is one route (one chunk): /subscribe, /subscribe/{outcome} where the forms land,
 * and /subscribe/{step}/{secret} from an email. Any other path under it is no page.
 */
function pageOf(
  splat: string | undefined,
): { outcome: SubscribeOutcome | null } | { step: string; secret: string } | null {
  const [first, secret, ...rest] = (splat ?? '').split('/').filter(Boolean)
  if (!first) return { outcome: null }
  if (secret === undefined) return subscribeOutcomeOf(first) ? { outcome: subscribeOutcomeOf(first) } : null
  return rest.length === 0 && stepOf(first) ? { step: first, secret } : null
}

export function subscribeLoader({ params }: LoaderFunctionArgs) {
  const page = pageOf(params['*'])
  if (!page) throw data(null, { status: 404, statusText: 'Not Found' })
  // An email's link carries its secret.
  return 'step' in page ? data(null, { headers: SUBSCRIBER_PAGE_HEADERS }) : null
}

export function SubscribeRoute() {
  const page = pageOf(useParams()['*'])
  if (!page) return null
  if ('outcome' in page) return <SubscribePage outcome={page.outcome} />
  const Step = stepOf(page.step)!
  return <Step secret={page.secret} />
}

/**
 * A sign-up from a form without JavaScript in the page (the footer's) lands here: it is counted for the
 * page the form was on, which the browser gives as the referrer.
 */
function useSignupFromForm(outcome: SubscribeOutcome | null) {
  useEffect(() => {
    // A reload or a step back to this page is the same sign-up.
    if (outcome !== 'sent' || !document.referrer || !arrived()) return
    const from = new URL(document.referrer)
    if (from.origin === location.origin) sendAnalytics({ event: 'newsletter_signup', url: from.pathname })
  }, [outcome])
}

/** The newsletter on a page of its own: where the forms land without JavaScript, and the Follow links' target. */
function SubscribePage({ outcome }: { outcome: SubscribeOutcome | null }) {
  const said = outcome ? OUTCOMES[outcome] : null
  useSignupFromForm(outcome)
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

export { SubscribeRoute as Component, subscribeLoader as loader }
