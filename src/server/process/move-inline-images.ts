import { createContentVersion } from '../cache/content-version'
import type { Database } from '../db/client'
import { posts } from '../db/schema'
import { createMediaService, postMediaStore } from '../features/media/service'
import { createAdminPostService, holdsInlineImage } from '../features/posts/admin-service'

/**
 * The one-off move of data: images in stored posts into the media store, run at every start (it finds
 * nothing once done). Posts written since uploads exist never hold such images: saving moves them.
 */
export async function moveInlinePostImages(db: Database) {
  const content = createContentVersion(db)
  const media = postMediaStore(createMediaService(db, { content }))
  return createAdminPostService(db, { content, media }).moveInlineImages()
}

/** Whether any stored post still holds an image inline (what the move looks for). */
export async function postsHoldInlineImages(db: Database): Promise<boolean> {
  const found = await db.select({ id: posts.id }).from(posts).where(holdsInlineImage).limit(1)
  return found.length > 0
}
