import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether the request's `Authorization: Bearer …` is `expected`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first wrong character of a guess.
 */
export function hasBearerToken(request: Request, expected: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  const same = timingSafeEqual(digest(given ?? ''), digest(expected))
  return given !== undefined && same
}
