import { and, eq, inArray, ne } from 'drizzle-orm'
import { defaultVariant, type MediaImageInfo, type MediaUpload, mediaShareUrl } from '../../../shared/media'
import type { Database } from '../../db/client'
import { media, mediaFiles } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

export type MediaRow = typeof media.$inferSelect

/** What describing an upload needs of each of its files (never their bytes). */
const FILE_FIELDS = {
  mediaId: mediaFiles.mediaId,
  name: mediaFiles.name,
  role: mediaFiles.role,
  width: mediaFiles.width,
  height: mediaFiles.height,
  size: mediaFiles.size,
}

/** The files of these uploads, narrowest first. */
export async function variantsOf(db: Database, ids: number[]) {
  if (ids.length === 0) return []
  return db.select(FILE_FIELDS).from(mediaFiles).where(inArray(mediaFiles.mediaId, ids)).orderBy(mediaFiles.width)
}

type FileRow = Awaited<ReturnType<typeof variantsOf>>[number]

/** An upload as posts and the editor describe it, from its row and its files (others' among them are ignored). */
export function describe(row: MediaRow, files: FileRow[]): MediaImageInfo {
  const own = files.filter((file) => file.mediaId === row.id)
  const share = own.find((file) => file.role === 'share')
  return {
    hash: row.hash,
    alt: row.alt,
    width: row.width,
    height: row.height,
    variants: own
      .filter((file) => file.role === 'variant')
      .map((file) => ({ width: file.width, url: `/media/${file.name}` })),
    share: { url: mediaShareUrl(row.hash), width: share?.width ?? 0, height: share?.height ?? 0 },
  }
}

export const toUpload = (row: MediaRow, info: MediaImageInfo): MediaUpload => ({
  id: row.id,
  url: defaultVariant(info.variants).url,
  width: row.width,
  height: row.height,
  alt: row.alt,
  variants: info.variants,
})

/** The upload stored with these bytes, read in one statement (a deletion cannot come between its parts). */
export async function storedAs(from: Pick<Database, 'select'>, hash: string): Promise<MediaUpload | null> {
  const rows = await from
    .select({ row: media, file: FILE_FIELDS })
    .from(media)
    .innerJoin(mediaFiles, eq(mediaFiles.mediaId, media.id))
    .where(eq(media.hash, hash))
    .orderBy(mediaFiles.width)
  const row = rows[0]?.row
  if (!row) return null
  const files = rows.map((found) => found.file)
  return toUpload(row, describe(row, files))
}

/** The same, in a write that first gives it a new alt text. */
export async function storedIn(tx: WriteTx, hash: string, alt: string): Promise<MediaUpload | null> {
  if (alt)
    await tx
      .update(media)
      .set({ alt })
      .where(and(eq(media.hash, hash), ne(media.alt, alt)))
  return storedAs(tx, hash)
}
