import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import {
  NEWSLETTER_MESSAGES,
  type SubscriberPreferences,
  subscriberPreferencesPath,
  unsubscribePath,
} from '../../../shared/newsletter'
import { PageMeta } from '../../components/page-meta'
import { SiteLink } from '../../components/site-link'
import { ApiError, apiGet } from '../../data/api-request'

/**
 * A subscriber's own page, from the link in every email: every post or chosen tags, and the way out. Read in
 * the browser (never rendered with the address in it on the server); saved by a plain form post.
 */
export function PreferencesPage({ secret: key }: { secret: string }) {
  const [params] = useSearchParams()
  const confirmed = params.has('confirmed')
  const saved = params.has('saved')
  const preferences = useQuery({
    queryKey: ['subscriber', key],
    queryFn: ({ signal }) =>
      apiGet<SubscriberPreferences>(`/api/subscribers/preferences/${encodeURIComponent(key)}`, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
  const said = confirmed ? NEWSLETTER_MESSAGES.confirmed : saved ? NEWSLETTER_MESSAGES.saved : null
  return (
    <article className="subscribe-page">
      <PageMeta title={`Your newsletter | ${site.name}`} description="Your newsletter choices." path={null} noindex />
      <h1 className="subscribe-page__title">Your newsletter</h1>
      {said && (
        <p className="subscribe-page__outcome" role="status">
          {said}
        </p>
      )}
      {params.has('notags') && (
        <p className="subscribe-page__outcome subscribe-page__outcome--problem" role="alert">
          {NEWSLETTER_MESSAGES.noTags}
        </p>
      )}
      {preferences.isPending ? (
        <p aria-busy="true">Loading your choices…</p>
      ) : preferences.isError ? (
        <p className="subscribe-page__outcome subscribe-page__outcome--problem" role="alert">
          {preferences.error instanceof ApiError && preferences.error.status === 404
            ? NEWSLETTER_MESSAGES.unknownSubscriber
            : 'Your choices could not be loaded. Reload the page to try again.'}{' '}
          {preferences.error instanceof ApiError && preferences.error.status === 404 && (
            <SiteLink to="/subscribe">Subscribe again</SiteLink>
          )}
        </p>
      ) : (
        <Choices secret={key} preferences={preferences.data} />
      )}
    </article>
  )
}

function Choices({ secret, preferences }: { secret: string; preferences: SubscriberPreferences }) {
  const chosen = new Set(preferences.topics.all ? [] : preferences.topics.tags)
  return (
    <>
      <p>
        News goes to <strong>{preferences.email}</strong>.
      </p>
      <form
        method="post"
        action={subscriberPreferencesPath(encodeURIComponent(secret))}
        className="subscribe-page__form"
      >
        <fieldset className="subscribe-page__topics">
          <legend>What would you like to hear about?</legend>
          <label className="subscribe-page__choice">
            <input type="radio" name="topics" value="all" defaultChecked={preferences.topics.all} /> Every new post
          </label>
          <label className="subscribe-page__choice">
            <input type="radio" name="topics" value="tags" defaultChecked={!preferences.topics.all} /> Only posts
            tagged:
          </label>
          <ul className="subscribe-page__tags">
            {preferences.choices.map((tag) => (
              <li key={tag.slug}>
                <label className="subscribe-page__choice">
                  <input type="checkbox" name="tags" value={tag.slug} defaultChecked={chosen.has(tag.slug)} />{' '}
                  {tag.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button--primary">
          Save choices
        </button>
      </form>
      <p>
        <SiteLink to={unsubscribePath(secret)}>Unsubscribe</SiteLink>
      </p>
    </>
  )
}
