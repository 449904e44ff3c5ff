import type { ReactNode } from 'react'
import type { PostPage } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../site-link'
import { NoPosts } from './no-posts'
import { Pagination } from './pagination'
import { PostGrid } from './post-card'

export const countText = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`

/**
 * A page of some of the blog's posts (a tag's, an author's): the trail back to the blog, the name, what the
 * collection is, its feed, the posts with their pages, and the way back to all posts.
 */
export function PostCollection({
  kind,
  name,
  intro,
  feedPath,
  postsHeading,
  result: { posts, meta },
  pathOf,
}: {
  /** What the collection is, in the trail: "Tag", "Author". */
  kind: string
  name: string
  intro: ReactNode
  feedPath: string
  /** The hidden heading of the list, for screen readers ("Posts tagged Events, page 2"). */
  postsHeading: string
  result: PostPage
  pathOf: (page: number) => string
}) {
  return (
    <>
      <header className="blog__header">
        <p className="tag-page__eyebrow">
          <SiteLink to={PAGES.blog}>Blog</SiteLink> <span aria-hidden="true">›</span> {kind}
        </p>
        <h1 className="blog__title">{name}</h1>
        {intro}
        <a className="tag-page__feed" href={feedPath}>
          RSS feed of {name}
        </a>
      </header>
      {posts.length === 0 ? (
        <NoPosts />
      ) : (
        <section aria-labelledby="collection-posts-heading">
          <h2 id="collection-posts-heading" className="visually-hidden">
            {postsHeading}
          </h2>
          <PostGrid posts={posts} />
          <Pagination page={meta.page} totalPages={meta.totalPages} pathOf={pathOf} />
        </section>
      )}
      <nav className="tag-page__back" aria-label="Blog">
        <SiteLink to={PAGES.blog} className="button button--ghost">
          ← All Posts
        </SiteLink>
      </nav>
    </>
  )
}
