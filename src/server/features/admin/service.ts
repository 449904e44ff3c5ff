import { POST_MESSAGES } from '../../../shared/post-rules'
import type { AdminPassword } from '../../auth/password'
import type { Database } from '../../db/client'
import { clearRateLimit, hitRateLimit, rateLimited } from '../../http/rate-limit'

/** Login attempts allowed per client (cleared by a success), and from everyone together, before answering 429. */
export const LOGIN_LIMITS = {
  perClient: { max: 5, windowMs: 15 * 60 * 1000 },
  total: { max: 50, windowMs: 15 * 60 * 1000 },
}

export type LoginResult =
  | { ok: true }
  | { ok: false; status: 400 | 401; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number }

/** Checks administrator logins against the password, under the login rate limits kept in the database. */
export function createAdminAuthService(db: Database, password: AdminPassword, clock: () => number = Date.now) {
  return {
    async login(candidate: unknown, clientKey: string): Promise<LoginResult> {
      if (typeof candidate !== 'string' || candidate.trim() === '') {
        return { ok: false, status: 400, error: POST_MESSAGES.passwordRequired }
      }
      const clientLimitKey = `login:${clientKey}`
      // Counted before the (slow) check, so parallel guesses cannot all slip under the limit.
      for (const [key, limit] of [
        [clientLimitKey, LOGIN_LIMITS.perClient],
        ['login:all', LOGIN_LIMITS.total],
      ] as const) {
        const state = await hitRateLimit(db, key, limit, clock())
        if (!state.allowed) return rateLimited('Too many failed login attempts. Please try again later.', state)
      }
      if (!(await password.verify(candidate))) return { ok: false, status: 401, error: POST_MESSAGES.invalidPassword }
      await clearRateLimit(db, clientLimitKey)
      return { ok: true }
    },
  }
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>
