import {
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  data as routeData,
  useParams,
  useRouteError,
} from 'react-router'
import { DRAFT_LINK_RESPONSE_HEADERS } from '../../../shared/draft-link'
import { PAGES } from '../../../shared/paths'
import { DraftBanner } from '../../components/blog/draft-banner'
import { PostArticle } from '../../components/blog/post-article'
import { PageMeta } from '../../components/page-meta'
import { ServerErrorPage } from '../../components/server-error-page'
import { SiteLink } from '../../components/site-link'
import { useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { useRequestInfo } from '../../request-info'
import { loaderServicesContext } from '../../router-context'

export async function draftLinkLoader({ params, context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  const post = await queryClient.ensureQueryData(postQueries.draftLink(data, params.token ?? ''))
  if (!post)
    throw routeData(null, { status: 404, statusText: 'Preview Not Found', headers: DRAFT_LINK_RESPONSE_HEADERS })
  return routeData(null, { headers: DRAFT_LINK_RESPONSE_HEADERS })
}

export function DraftLinkPage() {
  const token = useParams().token ?? ''
  const { now } = useRequestInfo()
  const { data: post } = useLoadedQuery(postQueries.draftLink(useAppData(), token))
  if (!post) return <DraftLinkNotFound />
  return (
    <div className="post">
      <DraftBanner post={post} now={now} />
      <PostArticle post={post} head="noindex" />
      <nav className="post__back" aria-label="Blog">
        <SiteLink to={PAGES.blog} className="button button--ghost">
          ← Back to Blog
        </SiteLink>
      </nav>
    </div>
  )
}

/** A replaced or deleted link: said plainly, with no countdown to somewhere else. */
function DraftLinkNotFound() {
  return (
    <div className="not-found-inline">
      <PageMeta
        title="Preview Not Found | Blog"
        description="This preview link is no longer valid."
        path={PAGES.blog}
        noindex
      />
      <h1 className="error-panel__title">Preview Not Found</h1>
      <p className="error-panel__text">
        This preview link was replaced or its post was deleted. Ask the person who shared it for a new link.
      </p>
      <SiteLink to={PAGES.blog} className="button button--primary">
        Go to the Blog
      </SiteLink>
    </div>
  )
}

export function DraftLinkErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 404 ? <DraftLinkNotFound /> : <ServerErrorPage />
}

export { DraftLinkErrorBoundary as ErrorBoundary, DraftLinkPage as Component, draftLinkLoader as loader }
