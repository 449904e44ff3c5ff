import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { AuthorRef, PostSummary } from '../../../shared/blog'
import { adminQueries } from './admin-queries'
import { POST_LIST_SORT_LABELS, POST_LIST_SORTS, type PostListSort } from './post-list-filter'
import type { PostListChanges } from './use-post-list'

/** The authors of the posts, by name: who the list can be narrowed to. */
function authorsOf(posts: PostSummary[]): AuthorRef[] {
  const byId = new Map<number, AuthorRef>()
  for (const post of posts) if (post.author) byId.set(post.author.id, post.author)
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/** Beside the status filter: a tag, an author and the order of the list. */
export function PostListNarrowing({
  posts,
  tag,
  author,
  sort,
  onChange,
}: {
  posts: PostSummary[]
  tag: number | null
  author: number | null
  sort: PostListSort
  onChange: (changes: PostListChanges) => void
}) {
  const id = useId()
  const tags = useQuery(adminQueries.tags())
  const authors = authorsOf(posts)
  const idOf = (value: string) => (value ? Number(value) : null)
  return (
    <div className="post-list-narrowing">
      <div className="field">
        <label htmlFor={`${id}-tag`} className="field__label">
          Tag
        </label>
        <select id={`${id}-tag`} value={tag ?? ''} onChange={(event) => onChange({ tag: idOf(event.target.value) })}>
          <option value="">Any tag</option>
          {tags.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
          {tag !== null && !tags.data?.some((option) => option.id === tag) && (
            <option value={tag}>{tags.isPending ? 'Loading tags…' : 'A tag no longer there'}</option>
          )}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-author`} className="field__label">
          Author
        </label>
        <select
          id={`${id}-author`}
          value={author ?? ''}
          onChange={(event) => onChange({ author: idOf(event.target.value) })}
        >
          <option value="">Anyone</option>
          {authors.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
          {author !== null && !authors.some((option) => option.id === author) && (
            <option value={author}>No posts by this author</option>
          )}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`} className="field__label">
          Order
        </label>
        <select
          id={`${id}-sort`}
          value={sort}
          onChange={(event) => onChange({ sort: event.target.value as PostListSort })}
        >
          {POST_LIST_SORTS.map((option) => (
            <option key={option} value={option}>
              {POST_LIST_SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
