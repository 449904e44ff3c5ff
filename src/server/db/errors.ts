import { WRITE_UNCONFIRMED_STATUS } from '../../shared/write-outcome'
import type { Logger } from '../observability/logger'
import { errorChain } from './fault-advice'

/** A write refused by a unique index (two saves racing for one slug, say): the caller answers 409, not 500. */
export const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed/i.test(String(error)) ||
  (error instanceof Error && error.cause !== undefined && isUniqueViolation(error.cause))

/**
 * How a connection to a libSQL server that was never made shows in an error's `code` (the system's names and
 * Bun's fetch's): no request went out, so nothing of it can have been applied.
 */
const NEVER_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ConnectionRefused',
  'FailedToOpenSocket',
])

/** A connection to it that failed, those and ones cut or timed out after the server may have got the request. */
const UNREACHABLE_CODES = new Set([
  ...NEVER_CONNECTED_CODES,
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ConnectionClosed',
])

/** What a proxy in front of a libSQL server (Turso's, a load balancer) answers while the server is away. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504])

/**
 * Why the database is not available for now, and the error in the chain that says so:
 * - `unreachable`: the server could not be reached at all (refused, reset, timed out, a gateway's 502-504),
 *   as opposed to a statement it refused;
 * - `busy`: it could not take a write (SQLITE_BUSY), another writer having kept its lock past the wait;
 *   nothing of the statement or transaction was applied, so it can be tried again as it was.
 */
function unavailability(error: unknown): { kind: 'unreachable' | 'busy'; cause: Error } | null {
  for (const current of errorChain(error)) {
    const { code, status } = current as { code?: unknown; status?: unknown }
    const gateway = current.name === 'HttpServerError' && typeof status === 'number' && UNREACHABLE_STATUSES.has(status)
    if (gateway || current.name === 'TimeoutError' || (typeof code === 'string' && UNREACHABLE_CODES.has(code)))
      return { kind: 'unreachable', cause: current }
    if (typeof code === 'string' && /^SQLITE_BUSY(_|$)/.test(code)) return { kind: 'busy', cause: current }
  }
  return null
}

/** The one test for an unreachable database: cached public pages are then served as they were. */
export const isDatabaseUnreachable = (error: unknown): boolean => unavailability(error)?.kind === 'unreachable'

/** The server was never reached (a refused connection, a host not found): nothing was sent. */
export function wasNeverSent(error: unknown): boolean {
  for (const e of errorChain(error)) {
    // A gateway's 502-504 is not: some answer so after passing the request on, as sqld does for faults of its own.
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && NEVER_CONNECTED_CODES.has(code)) return true
  }
  return false
}

export const isDatabaseBusy = (error: unknown): boolean => unavailability(error)?.kind === 'busy'

/** Out of reach or busy: a passing state, answered 503 with Retry-After, the request to be repeated later. */
export const isDatabaseUnavailable = (error: unknown): boolean => unavailability(error) !== null

/**
 * What the log keeps of such a failure: the network's or the database's own words ("ECONNREFUSED: Unable to
 * connect", "The operation timed out", "database is locked"), not the failed statement around them, whose
 * parameters may be personal data.
 */
export const unavailableReason = (error: unknown): string => unavailability(error)?.cause.message ?? String(error)

/**
 * The disk under the database is full (SQLITE_FULL, "database or disk is full"; ENOSPC from the file
 * system): nothing of the write was stored. Answered 507, which tells a client (and the admin) that trying
 * again now will not help, unlike the 503 of an outage.
 */
export function isDiskFull(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = (e as { code?: unknown }).code
    if (code === 'ENOSPC' || (typeof code === 'string' && /^SQLITE_FULL(_|$)/.test(code))) return true
    if (/database or disk is full/i.test(e.message)) return true
  }
  return false
}

/** What a client (and the admin, beside the form it sent) is told when the disk is full. */
export const DISK_FULL = {
  status: 507,
  message:
    "The server's disk is full, so nothing was saved. What you entered is still here: try again once the site's operator has made room.",
} as const

/**
 * What a client is told when the database stopped answering a write it may have applied (unconfirmed-writes.ts):
 * a 504, which no client retries on its own, unlike the 503 that says nothing was stored.
 */
export const WRITE_UNCONFIRMED = {
  status: WRITE_UNCONFIRMED_STATUS,
  message:
    'The database stopped answering while your change was being saved, so it may or may not have been saved. What you entered is still here: check the saved version before you send it again.',
} as const

/** What a client is told while the database is unavailable, and when to try again. */
export const DATABASE_UNAVAILABLE = {
  message: "The site's database is not available right now. Please try again shortly.",
  retryAfterSeconds: 5,
} as const

/** What the log says when the database goes out of reach and comes back (the content version notices both). */
export const reachabilityLog = (logger: Pick<Logger, 'error' | 'info'>) => ({
  unreachable: (error: unknown) =>
    logger.error('database unreachable: cached public pages and reads are served as they were (stale)', {
      error: unavailableReason(error),
    }),
  reachable: () => logger.info('database reachable again: cached pages are checked against it once more'),
})

/**
 * What the log says of a replica's syncs (client.ts `openReplica`): a failure, as a warning, at most once a
 * minute while they go on failing. It may be the server out of reach (writes are refused too) or the replica's
 * own disk full (writes still reach the server): the replica falls behind either way.
 */
export function replicaLog(logger: Pick<Logger, 'warn'>) {
  let failing = false
  return (error: unknown) => {
    if (failing) return
    failing = true
    logger.warn(
      'replica sync failed: the local replica falls behind until a sync succeeds, and the process reads its own writes from the server meanwhile (a server out of reach refuses writes as well; a full disk shows on /healthz)',
      {
        error: error instanceof Error ? error.message : String(error),
      },
    )
    setTimeout(() => {
      failing = false
    }, 60_000).unref?.()
  }
}
