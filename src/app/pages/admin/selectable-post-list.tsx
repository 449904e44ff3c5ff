import { type Ref, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { formatDisplayDate, formatDisplayDateTime, isScheduled } from '../../../shared/dates'
import { postPath } from '../../../shared/paths'
import { POST_VIEWS_DAYS, usePostViews } from './analytics/use-post-views'
import { PostBulkBar } from './post-bulk-bar'
import { ariaSortOf, type PostListSort } from './post-list-filter'
import { mayChangePost, useStaffUser } from './staff-user'

const safeDate = (iso: string | null) => {
  if (!iso) return '-'
  try {
    return formatDisplayDate(iso)
  } catch {
    return '-'
  }
}

/** One post: a table row on wide screens, a card under the phone breakpoint (admin.css). */
function PostRow({
  post,
  now,
  selected,
  onSelect,
  onEdit,
  onDelete,
  views,
}: {
  post: PostSummary
  now: number
  /** Its views over the last 30 days; absent when the column is not shown, undefined while loading. */
  views?: number | undefined | null
  selected: boolean
  onSelect: (post: PostSummary, selected: boolean) => void
  onEdit: (post: PostSummary) => void
  onDelete: (post: PostSummary) => void
}) {
  // Someone else's post, or a published one for a contributor: read-only, its buttons not offered.
  const mine = mayChangePost(useStaffUser(), post)
  return (
    <tr>
      <td className="admin-table__select">
        {mine && (
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(post, e.target.checked)}
            aria-label={`Select "${post.title}"`}
          />
        )}
      </td>
      <th scope="row" className="admin-table__title">
        {post.title}
        {post.featured && <span className="badge badge--type admin-table__featured">Featured</span>}
      </th>
      <td className="admin-table__status">
        {isScheduled(post, now) ? (
          <>
            <span className="status status--scheduled">scheduled</span>
            <span className="admin-table__when">{`Goes live ${formatDisplayDateTime(post.publishedAt!)}`}</span>
          </>
        ) : (
          <span className={`status status--${post.status}`}>{post.status}</span>
        )}
      </td>
      <td className="admin-table__date" data-label="Date">
        {safeDate(post.createdAt)}
      </td>
      {views !== null && (
        <td className="admin-table__views" data-label="Views">
          {views === undefined ? '…' : views.toLocaleString('en-US')}
        </td>
      )}
      <td className="admin-table__cell-actions">
        <div className="admin-table__actions">
          {mine && (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => onEdit(post)}
              aria-label={`Edit "${post.title}"`}
            >
              Edit
            </button>
          )}
          {/* Not while scheduled: its page is not public yet (the editor has its draft link). */}
          {post.status === 'published' && !isScheduled(post, now) && (
            <a
              className="button button--small button--ghost"
              href={postPath(post.slug)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View "${post.title}" (opens in a new tab)`}
            >
              View
            </a>
          )}
          {mine && (
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => onDelete(post)}
              aria-label={`Delete "${post.title}"`}
            >
              Delete
            </button>
          )}
        </div>
      </td>
    </tr>
  )
}

/**
 * The posts shown, each with a box to tick for the bulk bar above them (only those this person may change),
 * and one in the header that ticks every one shown. A filter or search that hides a ticked post leaves it
 * out of the next bulk action: only what is on screen is acted on.
 */
export function SelectablePostList({
  posts,
  sort,
  now,
  tableRef,
  onEdit,
  onDelete,
}: {
  posts: PostSummary[]
  sort: PostListSort
  now: number
  tableRef: Ref<HTMLTableElement>
  onEdit: (post: PostSummary) => void
  onDelete: (post: PostSummary) => void
}) {
  const user = useStaffUser()
  const viewsOf = usePostViews(posts)
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  const selectable = posts.filter((post) => mayChangePost(user, post))
  const selected = selectable.filter((post) => ticked.has(post.id))
  const allBox = useRef<HTMLInputElement>(null)
  const tick = (ids: number[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      for (const id of ids) on ? next.add(id) : next.delete(id)
      return next
    })
  const all = selectable.length > 0 && selected.length === selectable.length
  return (
    <>
      <div className="post-selection">
        {selectable.length > 0 && (
          <label className="checkbox post-selection__all">
            <input
              ref={(box) => {
                allBox.current = box
                if (box) box.indeterminate = selected.length > 0 && !all
              }}
              type="checkbox"
              checked={all}
              onChange={(e) =>
                tick(
                  selectable.map((post) => post.id),
                  e.target.checked,
                )
              }
            />
            Select all shown
          </label>
        )}
        {/* Always in the page, so the first "1 selected" is announced too. */}
        <p className="post-selection__count" aria-live="polite">
          {selected.length > 0 ? `${selected.length} selected` : ''}
        </p>
        {selected.length > 0 && (
          <PostBulkBar
            selected={selected}
            onDone={(ids) => {
              tick(ids, false)
              // The bar and its dialog may be gone with the ticks: focus goes back to the boxes, not to the page,
              // once the dialog (which keeps the rest of the page out of reach while open) has gone.
              requestAnimationFrame(() => allBox.current?.focus())
            }}
          />
        )}
      </div>
      <div className="admin-table-wrap">
        <table ref={tableRef} tabIndex={-1} className="admin-table admin-table--cards">
          <caption className="visually-hidden">All posts</caption>
          <thead>
            <tr>
              <th scope="col" className="admin-table__select">
                <span className="visually-hidden">Selected</span>
              </th>
              <th scope="col" aria-sort={ariaSortOf('title', sort)}>
                Title
              </th>
              <th scope="col" aria-sort={ariaSortOf('status', sort)}>
                Status
              </th>
              <th scope="col" aria-sort={ariaSortOf('createdAt', sort)}>
                Date
              </th>
              {viewsOf && <th scope="col">{`Views (${POST_VIEWS_DAYS} days)`}</th>}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                now={now}
                selected={ticked.has(post.id)}
                onSelect={(chosen, on) => tick([chosen.id], on)}
                onEdit={onEdit}
                onDelete={onDelete}
                views={viewsOf ? viewsOf(post) : null}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
