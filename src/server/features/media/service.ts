import { desc, eq, inArray } from 'drizzle-orm'
import {
  MEDIA_MESSAGES,
  MEDIA_UPLOAD_LIMIT_BYTES,
  type MediaImageInfo,
  type MediaListItem,
  type MediaUpload,
  mediaShareUrl,
  mediaVariantUrl,
} from '../../../shared/media'
import { createByteLru } from '../../cache/byte-lru'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS } from '../../cache/surrogate-keys'
import type { Database } from '../../db/client'
import { isDatabaseUnavailable } from '../../db/errors'
import { media, mediaFiles, postMedia, posts } from '../../db/schema'
import type { PreparedHeaders } from '../../http/representation'
import { trackMediaProcessing } from '../../observability/metrics'
import { createProcessingQueue, ProcessingBusyError, type ProcessingQueue } from '../../tasks/processing-queue'
import { detectImageFormat } from './detect-format'
import { processImage } from './image-processor'
import { ImageError } from './processed-image'
import { describe, storedAs, storedIn, toUpload, variantsOf } from './stored-media'

/** Changing how images are processed must change their URLs, which browsers cache for a year. */
const PROCESSING_VERSION = 'webp-q80-v1'
/** Served files kept in memory; the database holds them all. */
const FILE_CACHE_BYTES = 64 * 1024 * 1024

/** About what the finished headers kept with a file in memory weigh, counted into the memory's budget. */
const KEPT_HEADERS_BYTES = 1024

export type UploadResult =
  | { ok: true; media: MediaUpload; created: boolean }
  | { ok: false; status: 400 | 413 | 415 | 503; error: string; retryAfterSeconds?: number }

export interface MediaFile {
  /** Its URL's last segment, content-addressed: it names these bytes (the ETag) for good. */
  name: string
  bytes: Uint8Array<ArrayBuffer>
  contentType: string
  /** What it holds in memory (the bytes and its kept headers), which that memory's budget counts. */
  size: number
  /** The headers of its answers, made by the first one. */
  prepared: PreparedHeaders
  /**
   * The content version in which it was last seen in the database: kept in memory, it is served without
   * asking again only while that version is current, so a file deleted through another process stops
   * being served here too once this one sees the new version.
   */
  seenIn: string
}

const contentHash = (bytes: Uint8Array) =>
  new Bun.CryptoHasher('sha256').update(PROCESSING_VERSION).update(bytes).digest('hex').slice(0, 24)

/**
 * Uploaded images: checked by their bytes, processed once into WebP files (in turns of `processing`, the
 * service's own queue unless one is given), stored and served from the database.
 */
export function createMediaService(
  db: Database,
  {
    content,
    clock = Date.now,
    processing = createProcessingQueue(),
  }: { content: ContentVersion; clock?: () => number; processing?: ProcessingQueue },
) {
  const files = createByteLru<MediaFile>(FILE_CACHE_BYTES)
  trackMediaProcessing(processing.stats)

  /** Whether a file is still stored, or null when the database cannot be reached to say. */
  async function stillStored(name: string): Promise<boolean | null> {
    try {
      const [row] = await db.select({ name: mediaFiles.name }).from(mediaFiles).where(eq(mediaFiles.name, name))
      return row !== undefined
    } catch (error) {
      if (isDatabaseUnavailable(error)) return null
      throw error
    }
  }

  return {
    /** Stores an upload (an identical one already stored is returned as it is). */
    async upload(bytes: Uint8Array, details: { name?: string; alt?: string } = {}): Promise<UploadResult> {
      if (bytes.byteLength > MEDIA_UPLOAD_LIMIT_BYTES) return { ok: false, status: 413, error: MEDIA_MESSAGES.tooLarge }
      const format = detectImageFormat(bytes)
      if (!format) return { ok: false, status: 415, error: MEDIA_MESSAGES.wrongType }
      const hash = contentHash(bytes)
      const alt = (details.alt ?? '').trim().slice(0, 500)
      // The same picture again (chosen as a featured image after going into the text, say): described anew
      // in a write only when the alt text changes, and stored anew if it was deleted meanwhile.
      const found = await storedAs(db, hash)
      if (found && (!alt || alt === found.alt)) return { ok: true, media: found, created: false }
      const described = found && (await content.write((tx) => storedIn(tx, hash, alt)))
      if (described) return { ok: true, media: described, created: false }

      let processed: Awaited<ReturnType<typeof processImage>>
      try {
        processed = await processImage(bytes, format, {
          run: processing.run,
          timeLimitSeconds: processing.options.timeLimitSeconds,
        })
      } catch (error) {
        if (error instanceof ImageError) return { ok: false, status: 400, error: MEDIA_MESSAGES[error.reason] }
        if (error instanceof ProcessingBusyError) {
          const { retryAfterSeconds } = processing.options
          return { ok: false, status: 503, error: MEDIA_MESSAGES.busy, retryAfterSeconds }
        }
        throw error
      }
      return content.write(async (tx): Promise<UploadResult> => {
        // The same file uploaded twice at once: the first one stored wins, the other gets it.
        const stored = await storedIn(tx, hash, alt)
        if (stored) return { ok: true, media: stored, created: false }
        const [row] = await tx
          .insert(media)
          .values({
            hash,
            originalName: (details.name ?? '').slice(0, 200),
            format,
            width: processed.width,
            height: processed.height,
            alt,
            originalSize: bytes.byteLength,
            createdAt: new Date(clock()),
          })
          .returning({ id: media.id })
        await tx.insert(mediaFiles).values(
          processed.files.map((file) => ({
            name:
              file.suffix === 'share'
                ? mediaShareUrl(hash).slice(7)
                : mediaVariantUrl(hash, Number(file.suffix)).slice(7),
            mediaId: row!.id,
            role: file.suffix === 'share' ? ('share' as const) : ('variant' as const),
            width: file.width,
            height: file.height,
            contentType: 'image/webp',
            size: file.bytes.byteLength,
            bytes: file.bytes,
          })),
        )
        return { ok: true, media: (await storedAs(tx, hash))!, created: true }
      })
    },

    /**
     * A file asked for lately, from memory, when it is known to be still stored without asking; otherwise
     * null: nothing is read, so it can answer at once.
     */
    peek(name: string): MediaFile | null {
      const file = files.get(name)
      return file && file.seenIn === content.known() ? file : null
    },

    /** A served file, from memory when it was asked for lately (and is still stored). */
    async file(name: string): Promise<MediaFile | null> {
      // Read before the database is asked: a deletion in between leaves the file to be checked again.
      const current = await content.current()
      const cached = files.get(name)
      if (cached && cached.seenIn !== current) {
        // While the database cannot be reached, what is kept is served as it was, as cached pages are.
        const stored = content.stale() ? null : await stillStored(name)
        if (stored === null) return cached
        if (!stored) files.delete(name)
        else cached.seenIn = current
      }
      const kept = files.get(name)
      if (kept) return kept
      const [row] = await db
        .select({ bytes: mediaFiles.bytes, contentType: mediaFiles.contentType, size: mediaFiles.size })
        .from(mediaFiles)
        .where(eq(mediaFiles.name, name))
      if (!row) return null
      const bytes = new Uint8Array(row.bytes.byteLength)
      bytes.set(row.bytes)
      const size = row.size + KEPT_HEADERS_BYTES
      const file = { name, bytes, contentType: row.contentType, size, prepared: new Map(), seenIn: current }
      files.set(name, file)
      return file
    },

    /** What pages need of the uploads a post uses. */
    async describe(hashes: string[]): Promise<Map<string, MediaImageInfo>> {
      if (hashes.length === 0) return new Map()
      const rows = await db.select().from(media).where(inArray(media.hash, hashes))
      const fileRows = await variantsOf(
        db,
        rows.map((row) => row.id),
      )
      return new Map(rows.map((row) => [row.hash, describe(row, fileRows)]))
    },

    /** Every upload, newest first, with its sizes and the posts that use it. */
    async list(): Promise<MediaListItem[]> {
      const rows = await db.select().from(media).orderBy(desc(media.createdAt), desc(media.id))
      const fileRows = await variantsOf(
        db,
        rows.map((row) => row.id),
      )
      const uses = await db
        .select({ mediaId: postMedia.mediaId, id: posts.id, title: posts.title, slug: posts.slug })
        .from(postMedia)
        .innerJoin(posts, eq(posts.id, postMedia.postId))
        .orderBy(posts.title)
      return rows.map((row) => ({
        ...toUpload(row, describe(row, fileRows)),
        originalName: row.originalName,
        format: row.format,
        originalSize: row.originalSize,
        storedSize: fileRows.filter((file) => file.mediaId === row.id).reduce((sum, file) => sum + file.size, 0),
        createdAt: row.createdAt.toISOString(),
        usedBy: uses.filter((use) => use.mediaId === row.id).map(({ id, title, slug }) => ({ id, title, slug })),
      }))
    },

    /** Deletes an upload no post uses; one in use is refused, so no page loses an image. */
    async remove(id: number): Promise<'removed' | 'notFound' | 'inUse'> {
      const outcome = await content.write(async (tx, changed) => {
        const [row] = await tx.select().from(media).where(eq(media.id, id))
        if (!row) return { result: 'notFound' as const, names: [] }
        const [user] = await tx.select().from(postMedia).where(eq(postMedia.mediaId, id)).limit(1)
        if (user) return { result: 'inUse' as const, names: [] }
        const names = await tx.delete(mediaFiles).where(eq(mediaFiles.mediaId, id)).returning({ name: mediaFiles.name })
        await tx.delete(media).where(eq(media.id, id))
        // A new version: every process checks the files it keeps in memory again before serving them, and
        // a caching proxy forgets them.
        changed(names.map((file) => SURROGATE_KEYS.media(file.name)))
        return { result: 'removed' as const, names: names.map((file) => file.name) }
      })
      for (const name of outcome.names) files.delete(name)
      return outcome.result
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>

/** The media store posts write through: pasted images become uploads, and uploads are described. */
export function postMediaStore(service: MediaService) {
  return {
    async store(bytes: Uint8Array, details: { alt: string }) {
      const stored = await service.upload(bytes, details)
      return stored.ok ? { ok: true as const, url: stored.media.url } : { ok: false as const, error: stored.error }
    },
    describe: (hashes: string[]) => service.describe(hashes),
  }
}
