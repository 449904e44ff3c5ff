import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { createPortal } from 'react-dom'
import type { MediaListItem } from '../../../shared/media'
import { FormField } from '../../components/form-field'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useModalDialog } from '../../components/use-modal-dialog'
import { adminQueries } from './admin-queries'
import { LoadError } from './load-error'
import { matchingMedia, mediaName } from './media-search'

interface MediaPickerDialogProps {
  open: boolean
  title: string
  onPick: (item: MediaListItem) => void
  onClose: () => void
}

/**
 * The media library as a chooser: every upload, searched by file name and alt text, each a button that
 * picks it. Used to put an uploaded picture in a post again, or to make it the featured or share image.
 */
export function MediaPickerDialog({ open, title, onPick, onClose }: MediaPickerDialogProps) {
  const ref = useModalDialog(open)
  const id = useId()
  const [query, setQuery] = useState('')
  // Each opening starts with every picture, not the last search.
  useEffect(() => {
    if (open) setQuery('')
  }, [open])
  const media = useQuery({ ...adminQueries.media(), enabled: open })
  const found = media.data ? matchingMedia(media.data, query) : []
  // The count is the search field's hint, so it is heard with the field and as it changes.
  const count = media.data && (
    <span aria-live="polite">{found.length === 1 ? '1 picture' : `${found.length} pictures`}</span>
  )

  return createPortal(
    <dialog
      ref={ref}
      className="dialog dialog--wide media-picker"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {title}
      </h2>
      <FormField id={`${id}-search`} label="Search by file name or alt text" hint={count} wide>
        {(control) => (
          <input {...control} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        )}
      </FormField>
      {open && media.isPending && <LoadingSkeleton label="Loading media..." />}
      {media.isError && <LoadError title="Error loading media" onRetry={() => void media.refetch()} />}
      {media.data?.length === 0 && <p className="admin-status">No pictures uploaded yet.</p>}
      {media.data && media.data.length > 0 && found.length === 0 && (
        <p className="admin-status">{`No pictures match “${query.trim()}”.`}</p>
      )}
      <ul className="media-picker__grid">
        {found.map((item) => (
          <li key={item.id}>
            <button type="button" className="media-picker__choice" onClick={() => onPick(item)}>
              <img src={item.variants[0]?.url ?? item.url} alt="" loading="lazy" width={160} height={107} />
              <span className="media-picker__name">{mediaName(item)}</span>
              <span className="media-picker__alt">{item.alt || 'No alt text'}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>,
    document.body,
  )
}

/** A "Choose from library" button that opens the library and hands on the address of the picture chosen. */
export function ChooseFromLibrary({ title, onPick }: { title: string; onPick: (url: string) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Choose from library
      </button>
      <MediaPickerDialog
        open={open}
        title={title}
        onPick={(item) => {
          onPick(item.url)
          setOpen(false)
        }}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
