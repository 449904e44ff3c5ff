import { and, eq, gte, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'
import { bookkeeping } from '../db/unconfirmed-writes'
import { clientNetwork, LIMIT_IPV6_PREFIX_DEFAULT } from './client-network'

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the window resets, for Retry-After. */
  retryAfterSeconds: number
}

/**
 * Counts one hit for `key` in a fixed window, atomically in the database so that every app process
 * sharing it sees the same count.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: { max: number; windowMs: number },
  now = Date.now(),
): Promise<RateLimitResult> {
  const expired = now - limit.windowMs
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
  const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStart + limit.windowMs - now) / 1000))
  return { allowed: row!.count <= limit.max, retryAfterSeconds }
}

/** A scope's windows that have passed are deleted at most this often, per process. */
const PRUNE_INTERVAL_MS = 60 * 1000

/**
 * Deletes a scope's rows whose window has passed, so a client's address is kept no longer than it counts;
 * how many went. The scope's keys are a range of the primary key: from "scope:" up to (not including) "scope;".
 */
export async function prunePassedWindows(db: Database, scope: string, windowMs: number, now = Date.now()) {
  const { rowsAffected } = await db
    .delete(rateLimits)
    .where(
      and(
        gte(rateLimits.key, `${scope}:`),
        lt(rateLimits.key, `${scope};`),
        lte(rateLimits.windowStart, now - windowMs),
      ),
    )
  return rowsAffected
}

/**
 * A fixed-window limit for one scope (`apply`), counted per client under `scope:client`, a client being an
 * IPv4 address or an IPv6 network of `ipv6Prefix` bits (client-network.ts). A row is kept per
 * client that ever hit it, so the scope's rows whose window has passed are deleted on a hit (at most once
 * a minute per process): a flood of addresses leaves no rows behind once its windows end. A quiet scope
 * is pruned by its owner's own schedule (the applications' retention).
 */
export function createRateLimit(
  db: Database,
  scope: string,
  limit: { max: number; windowMs: number },
  { ipv6Prefix = LIMIT_IPV6_PREFIX_DEFAULT }: { ipv6Prefix?: number } = {},
) {
  let prunedAt = Number.NEGATIVE_INFINITY
  return {
    /** Whether the client is over the limit now, without counting anything. */
    async peek(client: string, now = Date.now()): Promise<RateLimitResult> {
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `${scope}:${clientNetwork(client, ipv6Prefix)}`))
      if (!row || row.windowStart <= now - limit.windowMs) return { allowed: true, retryAfterSeconds: 0 }
      const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart + limit.windowMs - now) / 1000))
      return { allowed: row.count < limit.max, retryAfterSeconds }
    },
    /** Takes back a hit that turned out not to count (a resend of what was counted already). */
    refund: (client: string): Promise<void> =>
      bookkeeping(async () => {
        await db
          .update(rateLimits)
          .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
          .where(eq(rateLimits.key, `${scope}:${clientNetwork(client, ipv6Prefix)}`))
      }),
    hit: (client: string, now = Date.now()): Promise<RateLimitResult> =>
      bookkeeping(async () => {
        const result = await hitRateLimit(db, `${scope}:${clientNetwork(client, ipv6Prefix)}`, limit, now)
        if (now - prunedAt >= PRUNE_INTERVAL_MS) {
          prunedAt = now
          await prunePassedWindows(db, scope, limit.windowMs, now)
        }
        return result
      }),
  }
}

export type RateLimit = ReturnType<typeof createRateLimit>

/** The refusal once a limit is reached: 429, with the seconds until the window resets for Retry-After. */
export function rateLimited(error: string, state: RateLimitResult) {
  return { ok: false, status: 429, error, retryAfterSeconds: state.retryAfterSeconds } as const
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}
