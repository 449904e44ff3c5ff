import { type ReactNode, type Ref, useId } from 'react'
import {
  describeNoMatch,
  describeResultCount,
  POST_LIST_FILTER_LABELS,
  POST_LIST_FILTERS,
  type PostListFilter,
} from './post-list-filter'

/** Above the All Posts table: the search, the status filter with counts, more filters, and the polite result line. */
export function PostListTools({
  query,
  filter,
  counts,
  shown,
  total,
  searchRef,
  onQuery,
  onFilter,
  children,
}: {
  query: string
  filter: PostListFilter
  counts: Record<PostListFilter, number>
  shown: number
  total: number
  searchRef: Ref<HTMLInputElement>
  onQuery: (query: string) => void
  onFilter: (filter: PostListFilter) => void
  /** More ways to narrow the list, after the status filter. */
  children?: ReactNode
}) {
  const id = useId()
  return (
    <>
      <div className="post-list-tools">
        <div className="field post-list-tools__search">
          <label htmlFor={`${id}-search`} className="field__label">
            Search posts
          </label>
          <input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            value={query}
            placeholder="Search titles and text"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onQuery(event.target.value)}
          />
        </div>
        <fieldset className="post-filters">
          <legend className="field__label post-filters__label">Status</legend>
          <div className="post-filters__buttons">
            {POST_LIST_FILTERS.map((option) => (
              <button
                key={option}
                type="button"
                className="button button--small button--ghost post-filters__button"
                aria-pressed={filter === option}
                onClick={() => onFilter(option)}
              >
                {`${POST_LIST_FILTER_LABELS[option]} `}
                <span className="post-filters__count">{`(${counts[option]})`}</span>
              </button>
            ))}
          </div>
        </fieldset>
        {children}
      </div>
      <p className="post-list-count" role="status">
        {describeResultCount(shown, total)}
      </p>
    </>
  )
}

/** The list has posts, but none pass the search and filter. */
export function NoMatchingPosts({
  query,
  filter,
  narrowed,
  onClear,
}: {
  query: string
  filter: PostListFilter
  /** A tag or an author is chosen. */
  narrowed: boolean
  onClear: () => void
}) {
  return (
    <div className="admin-status post-list-empty">
      <p className="post-list-empty__text">{describeNoMatch(query, filter, narrowed)}</p>
      <button type="button" className="button button--ghost" onClick={onClear}>
        Clear filters
      </button>
    </div>
  )
}
