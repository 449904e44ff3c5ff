import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'

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

/** The refusal once a limit is reached: 429, with the seconds until the window resets for Retry-After. */
export function rateLimited(error: string, state: RateLimitResult) {
  return { ok: false, status: 429, error, retryAfterSeconds: state.retryAfterSeconds } as const
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}
