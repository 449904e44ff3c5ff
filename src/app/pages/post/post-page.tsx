import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  data as routeData,
  useParams,
  useRouteError,
} from 'react-router'
import { movedTo } from '../../../shared/moved-address'
import { PAGES, postPath } from '../../../shared/paths'
import { PostArticle } from '../../components/blog/post-article'
import { PostGrid } from '../../components/blog/post-card'
import { FollowBlock } from '../../components/newsletter/follow-block'
import { ServerErrorPage } from '../../components/server-error-page'
import { SiteLink } from '../../components/site-link'
import { useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'
import { PostNotFound } from './post-not-found'

export async function postLoader({ params, context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  const slug = params.slug ?? ''
  const [post] = await Promise.all([
    queryClient.ensureQueryData(postQueries.detail(data, slug)),
    queryClient.ensureQueryData(postQueries.related(data, slug)),
  ])
  if (!post) throw routeData(null, { status: 404, statusText: 'Post Not Found' })
  // An old address of a post that was renamed: links shared before still arrive, at the new one.
  if (post.slug !== slug) throw movedTo(postPath(post.slug))
  return null
}

export function PostPage() {
  const slug = useParams().slug ?? ''
  const data = useAppData()
  const { data: post } = useLoadedQuery(postQueries.detail(data, slug))
  const { data: related } = useLoadedQuery(postQueries.related(data, slug))

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect exists for the slug change (spec: scroll to top)
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [slug])

  if (!post) return <PostNotFound />
  return (
    <div className="post">
      <PostArticle post={post} />
      <FollowBlock />
      <nav className="post__back" aria-label="Blog">
        <SiteLink to={PAGES.blog} className="button button--ghost">
          ← Back to Blog
        </SiteLink>
      </nav>
      {related && related.length > 0 && (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading" className="related__title">
            You Might Also Like
          </h2>
          <PostGrid posts={related} />
          <div className="related__all">
            <SiteLink to={PAGES.blog} className="button button--primary">
              View All Posts
            </SiteLink>
          </div>
        </section>
      )}
    </div>
  )
}

export function PostErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 404 ? <PostNotFound /> : <ServerErrorPage />
}

export { PostErrorBoundary as ErrorBoundary, PostPage as Component, postLoader as loader }
