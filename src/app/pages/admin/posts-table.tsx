import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { Pagination } from '../../components/blog/pagination'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import { LoadError } from './load-error'
import { forgetLocalCopy } from './local-draft'
import { PostListNarrowing } from './post-list-narrowing'
import { NoMatchingPosts, PostListTools } from './post-list-tools'
import { SelectablePostList } from './selectable-post-list'
import { usePostList } from './use-post-list'

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
  const list = usePostList(posts.data)
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
  // A new search, filter or order also goes back to the first page, but focus stays on what changed it.
  const shownPage = useRef({ page: list.page, criteria: list.criteriaKey })
  useEffect(() => {
    const before = shownPage.current
    shownPage.current = { page: list.page, criteria: list.criteriaKey }
    if (before.page !== list.page && before.criteria === list.criteriaKey) tableRef.current?.focus()
  }, [list.page, list.criteriaKey])
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
    list.clear()
    searchRef.current?.focus()
  }
  const narrowed = list.tag !== null || list.author !== null

  return (
    <>
      <PostListTools
        query={list.query}
        filter={list.filter}
        counts={list.counts}
        shown={list.shown.length}
        total={posts.data.length}
        searchRef={searchRef}
        onQuery={list.search}
        onFilter={(status) => list.update({ status })}
      >
        <PostListNarrowing
          posts={posts.data}
          tag={list.tag}
          author={list.author}
          sort={list.sort}
          onChange={list.update}
        />
      </PostListTools>
      {list.tagFailed ? (
        <LoadError title="Error finding the posts with this tag" onRetry={list.retryTag} />
      ) : list.tagPending ? (
        <LoadingSkeleton label="Finding the posts with this tag..." lines={3} />
      ) : list.shown.length === 0 ? (
        <NoMatchingPosts query={list.query} filter={list.filter} narrowed={narrowed} onClear={clearFilters} />
      ) : (
        <>
          <SelectablePostList
            // Another page, filter, order or search starts with nothing ticked: no hidden post is acted on later.
            key={`${list.criteriaKey}|${list.page}`}
            posts={list.pageOf(list.shown)}
            sort={list.sort}
            now={Date.now()}
            tableRef={tableRef}
            onEdit={onEdit}
            onDelete={setPending}
          />
          <Pagination page={list.page} totalPages={list.pages} pathOf={list.pathOf} />
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
