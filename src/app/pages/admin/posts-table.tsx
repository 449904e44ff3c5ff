import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { Pagination } from '../../components/blog/pagination'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { useDebouncedValue } from '../../hooks/use-debounced-value'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import { LoadError } from './load-error'
import { forgetLocalCopy } from './local-draft'
import { countByFilter, filterPostList, type PostListFilter } from './post-list-filter'
import { NoMatchingPosts, PostListTools } from './post-list-tools'
import { SelectablePostList } from './selectable-post-list'
import { usePostListPage } from './use-post-list-page'

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
  const now = Date.now()
  const shown = posts.data ? filterPostList(posts.data, { query, filter, now, textMatches }) : []
  const paging = usePostListPage(shown.length)
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
  // Another page of the list: focus goes to its table, not left on a link that may be gone (Next on the last page).
  const shownPage = useRef(paging.page)
  useEffect(() => {
    if (shownPage.current === paging.page) return
    shownPage.current = paging.page
    tableRef.current?.focus()
  }, [paging.page])
  const remove = useMutation({
    mutationFn: (post: PostSummary) => adminWrites.deletePost(post.id),
    onSuccess: (_, post) => {
      toast(ADMIN_TOASTS.postDeleted(post.title))
      forgetLocalCopy(post.id)
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
        onQuery={(next) => {
          setQuery(next)
          paging.restart()
        }}
        onFilter={(next) => {
          setFilter(next)
          paging.restart()
        }}
      />
      {shown.length === 0 ? (
        <NoMatchingPosts query={query} filter={filter} onClear={clearFilters} />
      ) : (
        <>
          <SelectablePostList
            // Another page, filter or search starts with nothing ticked: no hidden post is acted on later.
            key={`${query}|${filter}|${paging.page}`}
            posts={paging.of(shown)}
            now={now}
            tableRef={tableRef}
            onEdit={onEdit}
            onDelete={setPending}
          />
          <Pagination page={paging.page} totalPages={paging.pages} pathOf={paging.pathOf} />
        </>
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
