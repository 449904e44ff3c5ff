import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { HOME_LATEST_POSTS } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'
import { type AppData, useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { PostGrid } from '../blog/post-card'

/** The home page's latest posts, read with the page (the home loader) so they are in the server HTML. */
export const latestPostsQuery = (data: AppData) => postQueries.list(data, 1, HOME_LATEST_POSTS)

/** The newest published posts and a way into the blog; nothing while the blog is empty. */
export function LatestPostsSection() {
  const { data: page } = useSuspenseQuery(latestPostsQuery(useAppData()))
  if (page.posts.length === 0) return null
  return (
    <section className="latest" aria-labelledby="latest-title">
      <h2 id="latest-title" className="section-title">
        Latest from the blog
      </h2>
      <PostGrid posts={page.posts} />
      <Link to={PAGES.blog} className="button button--ghost latest__more">
        View all posts
      </Link>
    </section>
  )
}
