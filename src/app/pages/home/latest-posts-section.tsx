import { Link } from 'react-router'
import type { PostSummary } from '../../../shared/blog'
import { formatDisplayDate } from '../../../shared/dates'
import { PAGES, postPath } from '../../../shared/paths'
/**
 * The newest published posts as text (date, title, excerpt) and a way into the blog; nothing while the
 * blog is empty. The blog's image cards would bring the responsive-image code into the home page's script.
 */
export function LatestPostsSection({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null
  return (
    <section className="latest" aria-labelledby="latest-title">
      <h2 id="latest-title" className="section-title">
        Latest from the blog
      </h2>
      <ul className="latest__list">
        {posts.map((post) => (
          <li key={post.id} className="latest__item">
            <time className="latest__date" dateTime={post.publishedAt ?? post.createdAt}>
              {formatDisplayDate(post.publishedAt ?? post.createdAt)}
            </time>
            <h3 className="latest__title" dir="auto">
              <Link to={postPath(post.slug)} className="latest__link">
                {post.title}
              </Link>
            </h3>
            <p className="latest__excerpt" dir="auto">
              {post.excerpt}
            </p>
          </li>
        ))}
      </ul>
      <Link to={PAGES.blog} className="button button--ghost latest__more">
        View all posts
      </Link>
    </section>
  )
}
