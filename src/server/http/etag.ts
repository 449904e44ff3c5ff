/**
 * Whether an `If-None-Match` header matches an entity tag (RFC 9110 §13.1.2): a weak comparison over
 * a list of tags, and `*` for any.
 */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}
