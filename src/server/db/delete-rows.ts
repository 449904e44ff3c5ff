import { inArray } from 'drizzle-orm'
import { jobSlugRedirects, jobs, jobTeam, postMedia, postRevisions, postSlugRedirects, posts, postTags } from './schema'
import type { WriteTx } from './write-transaction'

/*
 * Rows deleted with what hangs on them, in one place for every feature that deletes them: per-connection
 * foreign keys are not relied on (client.ts).
 */

/** Posts with their tags, pictures, old addresses and revisions; the deleted posts' statuses. */
export async function deletePosts(tx: WriteTx, ids: number[]) {
  if (ids.length === 0) return []
  await tx.delete(postTags).where(inArray(postTags.postId, ids))
  await tx.delete(postMedia).where(inArray(postMedia.postId, ids))
  await tx.delete(postSlugRedirects).where(inArray(postSlugRedirects.postId, ids))
  await tx.delete(postRevisions).where(inArray(postRevisions.postId, ids))
  return tx.delete(posts).where(inArray(posts.id, ids)).returning({ id: posts.id, status: posts.status })
}

/** Jobs with their old addresses and hiring teams (their applications are refused or kept by the caller). */
export async function deleteJobs(tx: WriteTx, ids: number[]) {
  if (ids.length === 0) return
  await tx.delete(jobSlugRedirects).where(inArray(jobSlugRedirects.jobId, ids))
  await tx.delete(jobTeam).where(inArray(jobTeam.jobId, ids))
  await tx.delete(jobs).where(inArray(jobs.id, ids))
}
