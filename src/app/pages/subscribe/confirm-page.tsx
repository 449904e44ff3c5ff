import { site } from '../../../content/site'
import { subscribeConfirmPath } from '../../../shared/newsletter'
import { PageMeta } from '../../components/page-meta'

/**
 * The emailed confirmation link opens this page, and its button confirms: a mail scanner that follows
 * links does not subscribe anyone by itself. A plain form post, with or without JavaScript.
 */
export function SubscribeConfirmPage({ secret: token }: { secret: string }) {
  return (
    <article className="subscribe-page">
      <PageMeta
        title={`Confirm your subscription | ${site.name}`}
        description={`Confirm that you want ${site.name}'s news by email.`}
        path={null}
        noindex
      />
      <h1 className="subscribe-page__title">Confirm your subscription</h1>
      <p>One more step: confirm that you want {site.name}'s news at this address.</p>
      <form method="post" action={subscribeConfirmPath(encodeURIComponent(token))}>
        <button type="submit" className="button button--primary">
          Confirm subscription
        </button>
      </form>
    </article>
  )
}
