import { POST_MESSAGES } from '../../../shared/post-rules'
import { STALE_POST_MESSAGE } from '../../../shared/post-version'
import { STAFF_MESSAGES } from '../../../shared/staff'
import type { WriteTx } from '../../db/write-transaction'
import { isActiveWriter, missingTags } from './post-save-input'

/** What a save checks again in its write, on the post and the staff as the write finds them (decision 0051). */

/** Thrown inside the write when the post is no longer the version the writer loaded; nothing is written. */
export class StaleVersionError extends Error {
  constructor(readonly savedAt: Date) {
    super(STALE_POST_MESSAGE)
  }
}

/** What a tag deleted since the first look does to a save: refuses it (the person chose the tag), or is left out. */
export type TagsGone = 'refuse' | 'leave out'

/** A rule the write itself found broken, with the answer for it. */
export class RefusedInWrite extends Error {
  constructor(
    readonly status: 400 | 403,
    message: string,
  ) {
    super(message)
  }
}

/** The byline names someone still on the staff who writes posts, as the write stores it. */
export async function checkByline(tx: WriteTx, authorId: number) {
  if (!(await isActiveWriter(tx, authorId))) throw new RefusedInWrite(400, STAFF_MESSAGES.authorUnknown)
}

/**
 * The post's tags as the write finds them. One deleted since the first look is refused when the person chose
 * it, and left out when it came with the post (a restored version, a bulk change), as a restore leaves out tags
 * deleted before it.
 */
export async function tagsAsFound(tx: WriteTx, tagIds: number[], gone: TagsGone): Promise<number[]> {
  const missing = await missingTags(tx, tagIds)
  if (missing.length > 0 && gone === 'refuse') throw new RefusedInWrite(400, POST_MESSAGES.unknownTags(missing))
  return tagIds.filter((id) => !missing.includes(id))
}
