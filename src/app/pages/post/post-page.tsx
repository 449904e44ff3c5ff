import { useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  Link,
  type LoaderFunctionArgs,
  redirect,
  data as routeData,
  useParams,
  useRouteError,
} from 'react-router'
import { FALLBACK_POST_DESCRIPTION, type PostDetail } from '../../../shared/blog'
import { formatDisplayDate } from '../../../shared/dates'
import { PAGES, postPath } from '../../../shared/paths'
import { POST_IMAGE_SIZES } from '../../../shared/post-rules'
import { PageMeta } from '../../components/page-meta'
import { useAppData } from '../../data/app-data'
import { POST_CONTENT_ATTRIBUTE } from '../../data/post-content-in-document'
import { postQueries } from '../../data/post-queries'
import { useRequestInfo } from '../../request-info'
import { loaderServicesContext } from '../../router-context'
import { featuredImageSources, shareImageOf } from '../blog/featured-image'
import { PostGrid } from '../blog/post-card'
import { ServerErrorPage } from '../not-found/server-error-page'
import { PostJsonLd } from './post-json-ld'
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
  if (post.slug !== slug) throw redirect(postPath(post.slug), 301)
  return null
}

export function PostPage() {
  const slug = useParams().slug ?? ''
  const data = useAppData()
  const { data: post } = useSuspenseQuery(postQueries.detail(data, slug))
  const { data: related } = useSuspenseQuery(postQueries.related(data, slug))

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect exists for the slug change (spec: scroll to top)
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [slug])

  if (!post) return <PostNotFound />
  return (
    <div className="post">
      <PostArticle post={post} />
      <nav className="post__back" aria-label="Blog">
        <Link to={PAGES.blog} className="button button--ghost">
          ← Back to Blog
        </Link>
      </nav>
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading" className="related__title">
            You Might Also Like
          </h2>
          <PostGrid posts={related} />
          <div className="related__all">
            <Link to={PAGES.blog} className="button button--primary">
              View All Posts
            </Link>
          </div>
        </section>
      )}
    </div>
  )
}

function PostArticle({ post }: { post: PostDetail }) {
  const { origin } = useRequestInfo()
  const date = post.publishedAt ?? post.createdAt
  const path = postPath(post.slug)
  const image = shareImageOf(post)
  const hero = post.featuredImage
    ? featuredImageSources({ ...post, featuredImage: post.featuredImage }, POST_IMAGE_SIZES)
    : null
  return (
    <article className="post__article">
      <PageMeta
        title={`${post.title} | Blog`}
        description={post.excerpt || FALLBACK_POST_DESCRIPTION}
        path={path}
        image={image}
        type="article"
      />
      <PostJsonLd
        post={post}
        url={new URL(path, origin).href}
        imageUrl={image ? new URL(image.src, origin).href : null}
      />
      <header className="post__header">
        <time className="post__date" dateTime={date}>
          {formatDisplayDate(date)}
        </time>
        <h1 className="post__title">{post.title}</h1>
        {post.tags.length > 0 && (
          <ul className="post__tags" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag.id} className="tag">
                {tag.name}
              </li>
            ))}
          </ul>
        )}
      </header>
      {hero && <img className="post__image" {...hero} alt={hero.alt} fetchPriority="high" />}
      <div
        className="post-content"
        {...{ [POST_CONTENT_ATTRIBUTE]: post.slug }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: post HTML is sanitized on every write (sanitize-post-html.ts)
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
    </article>
  )
}

export function PostErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 404 ? <PostNotFound /> : <ServerErrorPage />
}

export { PostErrorBoundary as ErrorBoundary, PostPage as Component, postLoader as loader }
