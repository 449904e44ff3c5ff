import type Quill from 'quill'
import type { Delta, Range } from 'quill'
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react'
import {
  defaultVariant,
  heightAt,
  MEDIA_MESSAGES,
  MEDIA_UPLOAD_LIMIT_BYTES,
  type MediaUpload,
} from '../../../shared/media'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import { blockPlace } from './block-place'
import {
  type EditorPicture,
  editInPlace,
  type PastedPicture,
  pastedFile,
  pastedPictures,
  replacePictures,
} from './editor-picture-places'
import type { ImageDetails } from './image-details-dialog'
import { uploadMedia } from './media-upload'
import type { GalleryPicture } from './quill-gallery'

export interface UploadProgress {
  id: number
  name: string
  /** 0 to 1. */
  share: number
}

/** A gallery being made: its pictures in the order picked, each null until described (or if dropped). */
interface PendingGallery {
  pictures: (GalleryPicture | null)[]
  waiting: number
  /** Each upload once it has finished (null: refused), in the order picked. */
  arrived: (MediaUpload | null | undefined)[]
  /** How many of them have been offered for describing. */
  offered: number
}

/** What the details dialog is open for: a new upload to insert, a pasted picture taken in, or one already there. */
type DetailsFor =
  | { kind: 'insert'; upload: MediaUpload; id: number }
  | { kind: 'gallery'; upload: MediaUpload; galleryId: number; slot: number }
  | { kind: 'edit'; picture: EditorPicture }
  | ({ kind: 'pasted'; upload: MediaUpload } & PastedPicture)

/** The hosted picture to insert for an upload: its main size, with the proportions of the original. */
function hostedPicture(upload: MediaUpload): GalleryPicture {
  const main = defaultVariant(upload.variants)
  return {
    src: main.url,
    alt: upload.alt,
    width: String(main.width),
    height: String(heightAt(main.width, upload)),
  }
}

let nextUpload = 1

/**
 * Pictures in the editor: files picked, pasted or dropped are uploaded (with progress) and inserted as
 * hosted figures once their alt text is given; files picked for a gallery go in as one gallery once each
 * is described. Pictures already there get their alt text (and caption) edited through the same dialog.
 * A failed upload explains itself and leaves the text as it was.
 */
export function useEditorPictures(quillRef: RefObject<Quill | null>) {
  const toast = useToast()
  const [uploads, setUploads] = useState<UploadProgress[]>([])
  const [queue, setQueue] = useState<DetailsFor[]>([])
  /** Where each upload or gallery goes, moved along as the text before it changes while it uploads. */
  const positions = useRef(new Map<number, number>())
  const galleries = useRef(new Map<number, PendingGallery>())

  /** Uploads each file with its own progress bar; what the server refuses is said and skipped. */
  const upload = useCallback(
    (files: File[], uploaded: (upload: MediaUpload, order: number) => void, refused: (order: number) => void) => {
      for (const [order, file] of files.entries()) {
        const id = nextUpload++
        setUploads((current) => [...current, { id, name: file.name, share: 0 }])
        const onProgress = (share: number) =>
          setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, share } : upload)))
        uploadMedia(file, { onProgress })
          .then((upload) => uploaded(upload, order))
          .catch((error: unknown) => {
            refused(order)
            toast(ADMIN_TOASTS.uploadFailed(file.name, error))
          })
          .finally(() => setUploads((current) => current.filter((upload) => upload.id !== id)))
      }
    },
    [toast],
  )

  const placeAt = (range: Range | null) => {
    const id = nextUpload++
    positions.current.set(id, range?.index ?? quillRef.current?.getLength() ?? 0)
    return id
  }
  /** Takes an upload's place out of the list, kept inside the document and outside a toggle. */
  const takePlace = (quill: Quill, id: number) => {
    const index = Math.min(positions.current.get(id) ?? quill.getLength() - 1, quill.getLength() - 1)
    positions.current.delete(id)
    return blockPlace(quill, index)
  }

  const uploadFiles = (range: Range | null, files: File[]) => {
    const places = files.map(() => placeAt(range))
    upload(
      files,
      (upload, order) => setQueue((current) => [...current, { kind: 'insert', id: places[order]!, upload }]),
      (order) => positions.current.delete(places[order]!),
    )
  }

  /** A picture from the library goes in as a new upload does: described first, its stored alt text offered. */
  const insertUpload = (range: Range | null, upload: MediaUpload) => {
    const id = placeAt(range)
    setQueue((current) => [...current, { kind: 'insert', id, upload }])
  }

  /**
   * A gallery is inserted once every one of its pictures is described, dropped or refused; the caret
   * follows it only when the last step was the writer's (a dialog), not an upload failing meanwhile.
   */
  const settleGalleryPicture = (galleryId: number, slot: number, picture: GalleryPicture | null, byWriter: boolean) => {
    const gallery = galleries.current.get(galleryId)
    const quill = quillRef.current
    if (!gallery) return
    gallery.pictures[slot] = picture
    gallery.waiting -= 1
    if (gallery.waiting > 0) return
    galleries.current.delete(galleryId)
    const pictures = gallery.pictures.filter((kept): kept is GalleryPicture => kept !== null)
    if (!quill || pictures.length === 0) return void positions.current.delete(galleryId)
    const index = takePlace(quill, galleryId)
    quill.insertEmbed(index, 'gallery', pictures, 'user')
    if (byWriter) quill.setSelection(index + 1, 0, 'user')
  }

  /** The gallery's uploads are described in the order they were picked, whichever finishes first. */
  const offerInOrder = (galleryId: number) => {
    const gallery = galleries.current.get(galleryId)
    if (!gallery) return
    const ready: DetailsFor[] = []
    while (gallery.offered < gallery.arrived.length && gallery.arrived[gallery.offered] !== undefined) {
      const upload = gallery.arrived[gallery.offered]
      if (upload) ready.push({ kind: 'gallery', galleryId, slot: gallery.offered, upload })
      gallery.offered += 1
    }
    if (ready.length > 0) setQueue((current) => [...current, ...ready])
  }

  const uploadGallery = (range: Range | null, files: File[]) => {
    const galleryId = placeAt(range)
    galleries.current.set(galleryId, {
      pictures: files.map(() => null),
      waiting: files.length,
      arrived: files.map(() => undefined),
      offered: 0,
    })
    const arrive = (slot: number, upload: MediaUpload | null) => {
      const gallery = galleries.current.get(galleryId)
      if (gallery) gallery.arrived[slot] = upload
      offerInOrder(galleryId)
    }
    upload(
      files,
      (upload, slot) => arrive(slot, upload),
      (slot) => {
        arrive(slot, null)
        settleGalleryPicture(galleryId, slot, null, false)
      },
    )
  }

  /** Pictures pasted as data already taken in (or being): pasted again, or back by Undo, they are not sent twice. */
  const adopted = useRef(new Set<string>())

  /**
   * Pictures pasted as data are uploaded (with progress) and, once described, put in place as hosted
   * figures. Pictures on other sites cannot be fetched here (the page's security policy) and stay links:
   * one notice says which sites they show from.
   */
  const adoptPasted = (change: Delta) => {
    const { data, elsewhere } = pastedPictures(change, location.href)
    if (elsewhere.length > 0) toast(ADMIN_TOASTS.picturesElsewhere(elsewhere))
    for (const { src, alt, caption } of data) {
      if (adopted.current.has(src)) continue
      adopted.current.add(src)
      // Base64 is four characters for three bytes: one too large is said before it is decoded.
      if ((src.length * 3) / 4 > MEDIA_UPLOAD_LIMIT_BYTES + 1024) {
        toast(ADMIN_TOASTS.uploadFailed('Pasted picture', new Error(MEDIA_MESSAGES.tooLarge)))
        continue
      }
      let file: File
      try {
        file = pastedFile(src)
      } catch {
        toast(ADMIN_TOASTS.pastedPictureUnreadable)
        continue
      }
      upload(
        [file],
        (upload) => setQueue((current) => [...current, { kind: 'pasted', upload, src, alt, caption }]),
        () => {},
      )
    }
  }

  // Stable, so the editor (set up once) can call it from its click handler.
  const editPicture = useCallback(
    (picture: EditorPicture) => setQueue((waiting) => [...waiting, { kind: 'edit', picture }]),
    [],
  )

  const current = queue[0] ?? null
  // One object per dialog item: the dialog starts over (what was typed cleared) only for the next item,
  // not on every progress update of the uploads still going.
  const dialogImage = useMemo(
    () =>
      !current
        ? null
        : current.kind === 'edit'
          ? { ...current.picture.value, decorative: current.picture.value.alt === '' }
          : current.kind === 'pasted'
            ? { src: current.upload.url, alt: current.alt, caption: current.caption }
            : { src: current.upload.url, alt: current.upload.alt, caption: '' },
    [current],
  )

  const save = (details: ImageDetails) => {
    const quill = quillRef.current
    if (quill && current?.kind === 'insert') {
      const index = takePlace(quill, current.id)
      quill.insertEmbed(index, 'media-figure', { ...hostedPicture(current.upload), ...details }, 'user')
      quill.setSelection(index + 1, 0, 'user')
    } else if (current?.kind === 'gallery') {
      settleGalleryPicture(
        current.galleryId,
        current.slot,
        { ...hostedPicture(current.upload), alt: details.alt },
        true,
      )
    } else if (quill && current?.kind === 'pasted') {
      replacePictures(quill, current.src, { ...hostedPicture(current.upload), ...details })
    } else if (quill && current?.kind === 'edit') {
      editInPlace(quill, current.picture, details)
    }
    setQueue((waiting) => waiting.slice(1))
  }

  return {
    uploads,
    /** Stable handlers for Quill's uploader and toolbar, which are configured once. */
    uploadHandler: useStableHandler(uploadFiles),
    galleryHandler: useStableHandler(uploadGallery),
    pasteHandler: useStableHandler(adoptPasted),
    insertUpload,
    dialogImage,
    dialogTitle: dialogTitleOf(current, galleries.current),
    /** Pictures of a gallery have no caption of their own. */
    dialogWithCaption: current?.kind !== 'gallery' && !(current?.kind === 'edit' && current.picture.kind === 'gallery'),
    editPicture,
    save,
    /** Cancelling leaves the upload in the media list, out of the post (and out of its gallery). */
    cancel: () => {
      if (current?.kind === 'insert') positions.current.delete(current.id)
      if (current?.kind === 'gallery') settleGalleryPicture(current.galleryId, current.slot, null, true)
      setQueue((waiting) => waiting.slice(1))
    },
    /** Keeps the places of uploads in progress in step with edits made meanwhile. */
    followEdits: useCallback((change: Delta) => {
      for (const [id, position] of positions.current) positions.current.set(id, change.transformPosition(position))
    }, []),
  }
}

function dialogTitleOf(current: DetailsFor | null, galleries: Map<number, PendingGallery>) {
  if (current?.kind === 'pasted') return 'Describe the pasted picture'
  if (current?.kind === 'insert') return 'Describe the new picture'
  if (current?.kind === 'gallery') {
    const count = galleries.get(current.galleryId)?.pictures.length ?? 1
    return `Describe picture ${current.slot + 1} of ${count} of the gallery`
  }
  return 'Edit the picture'
}

function useStableHandler<Args extends unknown[]>(handler: (...args: Args) => void) {
  const latest = useRef(handler)
  latest.current = handler
  return useRef((...args: Args) => latest.current(...args)).current
}
