import { eq, inArray } from 'drizzle-orm'
import { mediaHashesIn, mediaHashOf } from '../../../shared/media'
import { media, postMedia } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/** A picture the post shows was deleted between the check and the save. */
export class MediaGoneError extends Error {}

/** Every upload a post shows: in its content, as its featured image and as its share image. */
export function mediaHashesOfPost(content: string, ...images: (string | null | undefined)[]): string[] {
  const own = images.flatMap((image) => {
    const hash = image ? mediaHashOf(image) : null
    return hash ? [hash] : []
  })
  return [...new Set([...mediaHashesIn(content), ...own])]
}

/**
 * Records, in the post's own write transaction, which uploads it uses; an upload that is gone by then
 * fails the save. Deleting an upload checks these links in its transaction, so neither can outrun the other.
 */
export async function linkPostMedia(tx: WriteTx, postId: number, hashes: string[]) {
  const found = hashes.length ? await tx.select({ id: media.id }).from(media).where(inArray(media.hash, hashes)) : []
  if (found.length < hashes.length) throw new MediaGoneError('A picture in this post was deleted; upload it again.')
  await tx.delete(postMedia).where(eq(postMedia.postId, postId))
  if (found.length > 0) await tx.insert(postMedia).values(found.map(({ id }) => ({ postId, mediaId: id })))
}
