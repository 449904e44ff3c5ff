/**
 * A post's version as an entity tag (RFC 9110): the instant of its last save. `GET /api/blog/{id}` sends it
 * as `ETag`; the editor sends it back as `If-Match` when it saves, so a save made on a version someone else
 * has since replaced is refused (412) instead of silently undoing their work.
 */
export const postVersionTag = (updatedAt: string | Date): string => `"${new Date(updatedAt).getTime()}"`

/** The refusal of a save made on a stale version; nothing was written. */
export const STALE_POST_MESSAGE =
  'This post was saved again after you opened it, so your version was not saved: nothing of theirs was overwritten.'

/** What the editor says when its save was refused: who saved in between, when, and that nothing was lost. */
export const staleSaveMessage = ({ savedBy }: Pick<StalePostAnswer, 'savedBy'>, when: string) =>
  `${savedBy} saved this post on ${when}, after you opened it, so your version was not saved. Your changes are still here: keep theirs, replace theirs with yours (theirs stays in the post's history), or copy yours out first.`

/** What a 412 answers besides its message: who saved the version that stands now, and when. */
export interface StalePostAnswer {
  error: string
  savedBy: string
  savedAt: string
}

/** Whether an error body is a 412's (a proxy's 412 page is not). */
export const isStaleAnswer = (body: unknown): body is StalePostAnswer =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as StalePostAnswer).savedAt === 'string' &&
  typeof (body as StalePostAnswer).savedBy === 'string'

/**
 * Whether an `If-Match` header allows a write on the version `current` (RFC 9110 §13.1.1): absent or `*`
 * (the post exists) allows it; otherwise one of its listed tags must be `current`, compared strongly (a weak
 * `W/` tag never matches).
 */
export function ifMatchAllows(header: string | null, current: string): boolean {
  if (header === null) return true
  const value = header.trim()
  if (value === '*') return true
  return value.split(',').some((tag) => tag.trim() === current)
}

/** An open editor says so this often; after PRESENCE_TTL_MS without a word it no longer counts. */
export const PRESENCE_INTERVAL_MS = 15_000
export const PRESENCE_TTL_MS = 40_000

/** The editor's notice while someone else has the same post open. */
export const editingNotice = (names: string[]) =>
  `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} editing this post. Saving may meet their changes.`
