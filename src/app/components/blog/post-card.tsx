import { useQueryClient } from '@tanstack/react-query'
import type { PostSummary } from '../../../shared/blog'
import { formatDisplayDate, isNewPost } from '../../../shared/dates'
import { postPath } from '../../../shared/paths'
import { useAppData } from '../../data/app-data'
import { useRequestInfo } from '../../request-info'
import { SiteLink } from '../site-link'
import { featuredImageSources } from './featured-image'
import { preloadPost, scrollToTopSoon } from './post-links'

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const queryClient = useQueryClient()
  const data = useAppData()
  const { now } = useRequestInfo()
  const preload = () => preloadPost(queryClient, data, post.slug)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const date = post.publishedAt ?? post.createdAt
  return (
    <article className="post-card">
      <SiteLink
        to={postPath(post.slug)}
        className="post-card__link"
        onClick={scrollToTopSoon}
        onMouseEnter={preload}
        onFocus={preload}
      >
        <div className="post-card__media">
          {post.featuredImage ? (
            <img
              {...featuredImageSources(
                { ...post, featuredImage: post.featuredImage },
                '(max-width: 767px) calc(100vw - 2rem), 380px',
              )}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : (
            <div className="post-card__placeholder" aria-hidden="true" />
          )}
          {isNewPost(post.publishedAt, now) && <span className="badge badge--new">NEW</span>}
        </div>
        <div className="post-card__body">
          <Heading className="post-card__title" dir="auto">
            {post.title}
          </Heading>
          <p className="post-card__excerpt" dir="auto">
            {post.excerpt}
          </p>
          <time className="post-card__date" dateTime={date}>
            {formatDisplayDate(date)}
          </time>
        </div>
      </SiteLink>
    </article>
  )
}

export function PostGrid({ posts, headingLevel }: { posts: PostSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="post-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}
