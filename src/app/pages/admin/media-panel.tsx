import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDisplayDate } from '../../../shared/dates'
import type { MediaListItem } from '../../../shared/media'
import { postPath } from '../../../shared/paths'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from './admin-messages'
import { adminQueries, adminWrites } from './admin-queries'
import { LoadError } from './load-error'
import { mediaName } from './media-search'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 100 * 1024 ? 2 : 1)} MB`

function MediaRow({ item, onDelete }: { item: MediaListItem; onDelete: (item: MediaListItem) => void }) {
  const inUse = item.usedBy.length > 0
  return (
    <tr>
      <td>
        <img className="media-list__thumb" src={item.variants[0]?.url} alt={item.alt} width={96} height={64} />
      </td>
      <th scope="row" className="media-list__name">
        {mediaName(item)}
        <span className="media-list__facts">
          {`${item.format}, ${item.width}×${item.height}, uploaded ${megabytes(item.originalSize)}, stored ${megabytes(item.storedSize)}`}
        </span>
        <span className="media-list__facts">
          {item.alt ? `Alt text: ${item.alt}` : 'No default alt text (each post describes it)'}
        </span>
      </th>
      <td>
        {inUse ? (
          <ul className="media-list__uses">
            {item.usedBy.map((post) => (
              <li key={post.id}>
                <a href={postPath(post.slug)} target="_blank" rel="noopener noreferrer">
                  {post.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          'Not used'
        )}
      </td>
      <td>{formatDisplayDate(item.createdAt)}</td>
      <td>
        <button
          type="button"
          className="button button--small button--danger"
          disabled={inUse}
          title={inUse ? 'Used by a post: remove it from the post first' : undefined}
          onClick={() => onDelete(item)}
          aria-label={`Delete "${mediaName(item)}"${inUse ? ' (used by a post)' : ''}`}
        >
          Delete
        </button>
      </td>
    </tr>
  )
}

/** Every uploaded picture with its sizes and the posts that use it; only unused ones can be deleted. */
export function MediaPanel() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const media = useQuery(adminQueries.media())
  const [pending, setPending] = useState<MediaListItem | null>(null)
  const remove = useMutation({
    mutationFn: (item: MediaListItem) => adminWrites.deleteMedia(item.id),
    onSuccess: (_, item) => {
      toast(ADMIN_TOASTS.mediaDeleted(mediaName(item)))
      void queryClient.invalidateQueries({ queryKey: ['media'] })
    },
    onError: (error) => toast(ADMIN_TOASTS.mediaDeleteFailed(error)),
    onSettled: () => setPending(null),
  })

  if (media.isPending) return <LoadingSkeleton label="Loading media..." />
  if (media.isError) return <LoadError title="Error loading media" onRetry={() => void media.refetch()} />
  return (
    <section className="admin-section" aria-labelledby="media-title">
      <h2 id="media-title" className="admin-section__title">
        Media
      </h2>
      {media.data.length === 0 ? (
        <p className="admin-status">No pictures uploaded yet. Pictures added to posts appear here.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table media-list">
            <caption className="visually-hidden">Uploaded pictures</caption>
            <thead>
              <tr>
                <th scope="col">Preview</th>
                <th scope="col">Picture</th>
                <th scope="col">Used in</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {media.data.map((item) => (
                <MediaRow key={item.id} item={item} onDelete={setPending} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete picture"
        message={ADMIN_CONFIRMATIONS.deleteMedia(pending ? mediaName(pending) : '')}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  )
}
