import { site } from '../../../content/site'
import { unsubscribePath } from '../../../shared/newsletter'
import { PageMeta } from '../../components/page-meta'

/**
 * Every newsletter's unsubscribe link: a button, since opening a link must not unsubscribe (RFC 8058
 * leaves that to the one-click POST, which mail providers send to the same address).
 */
export function UnsubscribePage({ secret: key }: { secret: string }) {
  return (
    <article className="subscribe-page">
      <PageMeta
        title={`Unsubscribe | ${site.name}`}
        description={`Stop getting ${site.name}'s news by email.`}
        path={null}
        noindex
      />
      <h1 className="subscribe-page__title">Unsubscribe</h1>
      <p>Stop getting {site.name}'s news by email? Your address is deleted at once.</p>
      <form method="post" action={unsubscribePath(encodeURIComponent(key))}>
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="button button--danger">
          Unsubscribe
        </button>
      </form>
    </article>
  )
}
