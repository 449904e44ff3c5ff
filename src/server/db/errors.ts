/** A write refused by a unique index (two saves racing for one slug, say): the caller answers 409, not 500. */
export const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed/i.test(String(error)) ||
  (error instanceof Error && error.cause !== undefined && isUniqueViolation(error.cause))

/** How a failed connection to a libSQL server shows in an error's `code`: the system's names and Bun's fetch's. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
])

/** What a proxy in front of a libSQL server (Turso's, a load balancer) answers while the server is away. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504])

/** Drizzle wraps the driver's error, which wraps the network's: the whole chain is looked at. */
const MAX_CAUSES = 8

/**
 * The database server could not be reached at all (refused, reset, timed out, a gateway's 502-504), as
 * opposed to a statement it refused: the error in the chain that says so, or null. The one test for it:
 * such a failure answers 503 with Retry-After, and lets cached public pages be served as they were.
 */
export function unreachableCause(error: unknown): Error | null {
  let current = error
  for (let depth = 0; current instanceof Error && depth < MAX_CAUSES; depth++) {
    const { code, status } = current as { code?: unknown; status?: unknown }
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return current
    if (current.name === 'HttpServerError' && typeof status === 'number' && UNREACHABLE_STATUSES.has(status))
      return current
    if (current.name === 'TimeoutError') return current
    current = current.cause
  }
  return null
}

export const isDatabaseUnreachable = (error: unknown): boolean => unreachableCause(error) !== null

/**
 * What the log keeps of such a failure: the network's own words ("ECONNREFUSED: Unable to connect", "The
 * operation timed out"), not the failed statement around it, whose parameters may be personal data.
 */
export const unreachableReason = (error: unknown): string => unreachableCause(error)?.message ?? String(error)

/** What a client is told while the database cannot be reached, and when to try again. */
export const DATABASE_UNAVAILABLE = {
  message: 'The site cannot reach its database right now. Please try again shortly.',
  retryAfterSeconds: 5,
} as const
