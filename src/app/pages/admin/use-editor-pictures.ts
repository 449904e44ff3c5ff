import type Quill from 'quill'
import type { Delta, Range } from 'quill'
import { type RefObject, useCallback, useRef, useState } from 'react'
import { defaultVariant, type MediaUpload } from '../../../shared/media'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import type { ImageDetails } from './image-details-dialog'
import { uploadMedia } from './media-upload'
import type { FigureValue } from './quill-media-figure'

/** A picture in the editor's content: a figure (with caption) or an inline image. */
export interface EditorPicture {
  index: number
  kind: 'media-figure' | 'image'
  value: FigureValue
}

export interface UploadProgress {
  id: number
  name: string
  /** 0 to 1. */
  share: number
}

/** What the details dialog is open for: a new upload to insert, or a picture already in the content. */
type DetailsFor = { kind: 'insert'; upload: MediaUpload; id: number } | { kind: 'edit'; picture: EditorPicture }

/** The pictures of the content, in order, read from Quill's document. */
export function picturesIn(quill: Quill): EditorPicture[] {
  const pictures: EditorPicture[] = []
  let index = 0
  for (const op of quill.getContents().ops) {
    const insert = op.insert
    if (typeof insert === 'string') {
      index += insert.length
      continue
    }
    if (insert && typeof insert === 'object') {
      const figure = (insert as { 'media-figure'?: FigureValue })['media-figure']
      const image = (insert as { image?: string }).image
      if (figure) pictures.push({ index, kind: 'media-figure', value: figure })
      else if (typeof image === 'string') {
        const attributes = (op.attributes ?? {}) as Partial<Record<'alt' | 'width' | 'height', string>>
        pictures.push({
          index,
          kind: 'image',
          value: { src: image, alt: attributes.alt ?? '', caption: '', ...attributes },
        })
      }
    }
    index += 1
  }
  return pictures
}

let nextUpload = 1

/**
 * Pictures in the editor: files picked, pasted or dropped are uploaded (with progress) and inserted as
 * hosted figures once their alt text is given; pictures already there get their alt text and caption
 * edited through the same dialog. A failed upload explains itself and leaves the text as it was.
 */
export function useEditorPictures(quillRef: RefObject<Quill | null>) {
  const toast = useToast()
  const [uploads, setUploads] = useState<UploadProgress[]>([])
  const [queue, setQueue] = useState<DetailsFor[]>([])
  /** Where each upload goes, moved along as the text before it changes while it uploads. */
  const positions = useRef(new Map<number, number>())

  const uploadFiles = useCallback(
    (range: Range | null, files: File[]) => {
      const index = range?.index ?? quillRef.current?.getLength() ?? 0
      for (const file of files) {
        const id = nextUpload++
        positions.current.set(id, index)
        setUploads((current) => [...current, { id, name: file.name, share: 0 }])
        const onProgress = (share: number) =>
          setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, share } : upload)))
        uploadMedia(file, { onProgress })
          .then((upload) => setQueue((current) => [...current, { kind: 'insert', id, upload }]))
          .catch((error: unknown) => {
            positions.current.delete(id)
            toast(ADMIN_TOASTS.uploadFailed(file.name, error))
          })
          .finally(() => setUploads((current) => current.filter((upload) => upload.id !== id)))
      }
    },
    [quillRef, toast],
  )

  // Stable, so the editor (set up once) can call it from its click handler.
  const editPicture = useCallback(
    (picture: EditorPicture) => setQueue((waiting) => [...waiting, { kind: 'edit', picture }]),
    [],
  )

  const current = queue[0] ?? null
  const dialogImage = !current
    ? null
    : current.kind === 'insert'
      ? { src: current.upload.url, alt: current.upload.alt, caption: '' }
      : { ...current.picture.value, decorative: current.picture.value.alt === '' }

  const save = (details: ImageDetails) => {
    const quill = quillRef.current
    if (quill && current?.kind === 'insert') {
      const { upload } = current
      const main = defaultVariant(upload.variants)
      const value: FigureValue = {
        src: main.url,
        ...details,
        width: String(main.width),
        height: String(Math.round((main.width * upload.height) / upload.width)),
      }
      const index = Math.min(positions.current.get(current.id) ?? quill.getLength() - 1, quill.getLength() - 1)
      positions.current.delete(current.id)
      quill.insertEmbed(index, 'media-figure', value, 'user')
      quill.setSelection(index + 1, 0, 'user')
    } else if (quill && current?.kind === 'edit') {
      const { index, kind, value } = current.picture
      if (kind === 'image' && !details.caption) {
        quill.formatText(index, 1, { alt: details.alt }, 'user')
      } else {
        quill.deleteText(index, 1, 'user')
        quill.insertEmbed(index, 'media-figure', { ...value, ...details }, 'user')
      }
    }
    setQueue((waiting) => waiting.slice(1))
  }

  return {
    uploads,
    uploadFiles,
    /** A stable handler for Quill's uploader, which is configured once. */
    uploadHandler: useStableHandler(uploadFiles),
    dialogImage,
    dialogTitle: current?.kind === 'insert' ? 'Describe the new picture' : 'Edit the picture',
    editPicture,
    save,
    /** Cancelling an insert leaves the upload in the media list, out of the post. */
    cancel: () => {
      if (current?.kind === 'insert') positions.current.delete(current.id)
      setQueue((waiting) => waiting.slice(1))
    },
    /** Keeps the places of uploads in progress in step with edits made meanwhile. */
    followEdits: useCallback((change: Delta) => {
      for (const [id, position] of positions.current) positions.current.set(id, change.transformPosition(position))
    }, []),
  }
}

function useStableHandler<Args extends unknown[]>(handler: (...args: Args) => void) {
  const latest = useRef(handler)
  latest.current = handler
  return useRef((...args: Args) => latest.current(...args)).current
}
