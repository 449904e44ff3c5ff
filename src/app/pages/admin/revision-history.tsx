import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminPostDetail, PostDetail } from '../../../shared/blog'
import { formatDisplayDateTime } from '../../../shared/dates'
import { postVersionTag } from '../../../shared/post-version'
import { describeRevisionChange, type PostRevision, type PostRevisionSummary } from '../../../shared/revisions'
import { PostArticle } from '../../components/blog/post-article'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useToast } from '../../components/toast/toaster'
import { useModalDialog } from '../../components/use-modal-dialog'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'

const postFromRevision = (revision: PostRevision, post: PostDetail): PostDetail => ({
  ...post,
  ...revision,
  id: post.id,
  featuredImageInfo: revision.featuredImage === post.featuredImage ? post.featuredImageInfo : null,
})

/** One earlier version, full screen, as the post page would show it. */
function RevisionDialog({
  post,
  revision,
  onRestore,
  onClose,
}: {
  post: PostDetail
  revision: PostRevisionSummary | null
  onRestore: (revision: PostRevisionSummary) => void
  onClose: () => void
}) {
  const ref = useModalDialog(revision !== null)
  const full = useQuery({ ...adminQueries.revision(post.id, revision?.id ?? 0), enabled: revision !== null })
  return (
    <dialog
      ref={ref}
      className="dialog dialog--page"
      aria-labelledby="revision-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="dialog--page__bar">
        <h2 id="revision-title" className="dialog__title">
          {revision ? `Version replaced ${formatDisplayDateTime(revision.savedAt)}` : 'Version'}
        </h2>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onClose}
            // biome-ignore lint/a11y/noAutofocus: a modal dialog starts on its least destructive action (WAI-ARIA dialog pattern)
            autoFocus
          >
            Close
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!revision}
            onClick={() => revision && onRestore(revision)}
          >
            Restore this version
          </button>
        </div>
      </div>
      <div className="post dialog--page__post">
        {full.isPending ? (
          <p role="status">Loading this version…</p>
        ) : full.isError ? (
          <p role="alert">This version could not be loaded. Please try again.</p>
        ) : (
          <PostArticle post={postFromRevision(full.data, post)} head="none" />
        )}
      </div>
    </dialog>
  )
}

/**
 * Earlier versions of the post, newest first: each is the post as it was before a save. Restoring one is
 * itself a save, so the version it replaces joins the list and the restore can be undone.
 */
export function RevisionHistory({
  post,
  version,
  unsavedChanges,
  onRestored,
}: {
  post: AdminPostDetail | undefined
  /** The version the editor was filled from: a restore replaces only that one (a save since is a 412). */
  version: string | null
  unsavedChanges: boolean
  onRestored: (post: PostDetail) => void
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const revisions = useQuery({ ...adminQueries.revisions(post?.id ?? 0), enabled: post !== undefined })
  const [shown, setShown] = useState<PostRevisionSummary | null>(null)
  const [pending, setPending] = useState<PostRevisionSummary | null>(null)
  const restore = useMutation({
    mutationFn: ({ postId, revision }: { postId: number; revision: PostRevisionSummary }) =>
      adminWrites.restoreRevision(postId, revision.id, version ? postVersionTag(version) : undefined),
    onSuccess: (restored, { revision }) => {
      toast(ADMIN_TOASTS.revisionRestored(formatDisplayDateTime(revision.savedAt)))
      queryClient.removeQueries({ queryKey: adminQueries.post(restored.id).queryKey })
      void refreshPosts(queryClient)
      setShown(null)
      onRestored(restored)
    },
    onError: (error) => toast(ADMIN_TOASTS.revisionRestoreFailed(error)),
    onSettled: () => setPending(null),
  })

  return (
    <section className="post-tool" aria-labelledby="history-title">
      <h3 id="history-title" className="post-tool__title">
        History
      </h3>
      {!post ? (
        <p className="post-tool__hint">Each save keeps the version it replaces, so it can be looked at and restored.</p>
      ) : revisions.isPending ? (
        <p className="post-tool__hint" role="status">
          Loading history…
        </p>
      ) : revisions.isError ? (
        <p className="post-tool__hint" role="alert">
          The history could not be loaded.{' '}
          <button type="button" className="button button--small button--ghost" onClick={() => revisions.refetch()}>
            Try again
          </button>
        </p>
      ) : revisions.data.length === 0 ? (
        <p className="post-tool__hint">No earlier versions yet. Each save keeps the version it replaces.</p>
      ) : (
        <ol className="revisions" aria-label="Earlier versions, newest first">
          {revisions.data.map((revision) => {
            const when = formatDisplayDateTime(revision.savedAt)
            return (
              <li key={revision.id} className="revisions__item">
                <div className="revisions__text">
                  <time dateTime={revision.savedAt} className="revisions__when">
                    {when}
                  </time>
                  <span className="revisions__change">
                    {revision.changed.length > 0 ? `${describeRevisionChange(revision.changed)} changed` : 'Saved'}
                  </span>
                </div>
                <div className="revisions__actions">
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setShown(revision)}
                    aria-label={`Show the version replaced ${when}`}
                  >
                    Show
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setPending(revision)}
                    aria-label={`Restore the version replaced ${when}`}
                  >
                    Restore
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      {post && (
        <>
          <RevisionDialog post={post} revision={shown} onRestore={setPending} onClose={() => setShown(null)} />
          <ConfirmDialog
            open={pending !== null}
            title="Restore this version"
            message={ADMIN_CONFIRMATIONS.restoreRevision(
              pending ? formatDisplayDateTime(pending.savedAt) : '',
              unsavedChanges,
            )}
            confirmLabel="Restore"
            busy={restore.isPending}
            onConfirm={() => pending && restore.mutate({ postId: post.id, revision: pending })}
            onCancel={() => setPending(null)}
          />
        </>
      )}
    </section>
  )
}
