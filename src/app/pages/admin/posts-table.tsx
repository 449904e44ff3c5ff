import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Ref, useEffect, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { formatDisplayDate, formatDisplayDateTime, isScheduled } from '../../../shared/dates'
import { postPath } from '../../../shared/paths'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { useDebouncedValue } from '../../hooks/use-debounced-value'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import { LoadError } from './load-error'
import { localDraftKey, removeLocalDraft } from './local-draft'
import { PostBulkBar } from './post-bulk-bar'
import { countByFilter, filterPostList, type PostListFilter } from './post-list-filter'
import { NoMatchingPosts, PostListTools } from './post-list-tools'
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
}: {
  post: PostSummary
  now: number
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
function SelectablePostList({
  posts,
  now,
  tableRef,
  onEdit,
  onDelete,
}: {
  posts: PostSummary[]
  now: number
  tableRef: Ref<HTMLTableElement>
  onEdit: (post: PostSummary) => void
  onDelete: (post: PostSummary) => void
}) {
  const user = useStaffUser()
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  const selectable = posts.filter((post) => mayChangePost(user, post))
  const selected = selectable.filter((post) => ticked.has(post.id))
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
              type="checkbox"
              checked={all}
              ref={(box) => {
                if (box) box.indeterminate = selected.length > 0 && !all
              }}
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
        {selected.length > 0 && <PostBulkBar selected={selected} onDone={(ids) => tick(ids, false)} />}
      </div>
      <div className="admin-table-wrap">
        <table ref={tableRef} tabIndex={-1} className="admin-table admin-table--cards">
          <caption className="visually-hidden">All posts</caption>
          <thead>
            <tr>
              <th scope="col" className="admin-table__select">
                <span className="visually-hidden">Selected</span>
              </th>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
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
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** `focusOnShow`: the list takes focus once it shows (after a save, where the form that had it is gone). */
export function PostsTable({
  onEdit,
  focusOnShow = false,
}: {
  onEdit: (post: PostSummary) => void
  focusOnShow?: boolean
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const posts = useQuery(adminQueries.summary())
  const [pending, setPending] = useState<PostSummary | null>(null)
  const [query, setQuery] = useState('')
  const [filter, setFilter] = useState<PostListFilter>('all')
  // Titles are matched here as the query is typed; excerpts and text by the server's index, a moment later.
  const searched = useDebouncedValue(query.trim(), 250)
  const textSearch = useQuery(adminQueries.textSearch(searched))
  // Only the answer for the query as it stands: one for the start of a word would add posts it no longer finds.
  const textMatches = searched && searched === query.trim() ? textSearch.data : undefined
  const searchRef = useRef<HTMLInputElement>(null)
  const tableRef = useRef<HTMLTableElement>(null)
  const focused = useRef(false)
  // Once the posts have loaded, and only if focus is nowhere (the form that had it is gone): someone who
  // moved on meanwhile keeps their place.
  useEffect(() => {
    if (!focusOnShow || focused.current || posts.isPending) return
    focused.current = true
    if (document.activeElement === document.body || !document.activeElement) tableRef.current?.focus()
  })
  const remove = useMutation({
    mutationFn: (post: PostSummary) => adminWrites.deletePost(post.id),
    onSuccess: (_, post) => {
      toast(ADMIN_TOASTS.postDeleted(post.title))
      // A copy of unsaved changes to a post that is gone would never be offered again.
      removeLocalDraft(window.localStorage, localDraftKey(post.id))
      void refreshPosts(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.postDeleteFailed(error)),
    onSettled: () => setPending(null),
  })

  if (posts.isPending) return <LoadingSkeleton label="Loading posts... This might take a few moments" lines={5} />
  if (posts.isError) {
    return (
      <LoadError
        title="Error loading blog posts"
        message="There was a problem loading the blog posts. Please try again."
        onRetry={() => void posts.refetch()}
      />
    )
  }
  if (posts.data.length === 0)
    return <p className="admin-status">No posts found. Create your first post by clicking the "Add Post" tab.</p>

  const now = Date.now()
  const shown = filterPostList(posts.data, { query, filter, now, textMatches })
  const clearFilters = () => {
    setQuery('')
    setFilter('all')
    searchRef.current?.focus()
  }

  return (
    <>
      <PostListTools
        query={query}
        filter={filter}
        counts={countByFilter(posts.data, query, now, textMatches)}
        shown={shown.length}
        total={posts.data.length}
        searchRef={searchRef}
        onQuery={setQuery}
        onFilter={setFilter}
      />
      {shown.length === 0 ? (
        <NoMatchingPosts query={query} filter={filter} onClear={clearFilters} />
      ) : (
        <SelectablePostList posts={shown} now={now} tableRef={tableRef} onEdit={onEdit} onDelete={setPending} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete post"
        message={ADMIN_CONFIRMATIONS.deletePost(pending?.title ?? '')}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  )
}
