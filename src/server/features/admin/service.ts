import { POST_MESSAGES } from '../../../shared/post-rules'
import type { AdminPassword } from '../../auth/password'
import { rateLimited } from '../../http/rate-limit'
import type { LoginThrottle } from './login-throttle'

export type LoginResult =
  | { ok: true }
  | { ok: false; status: 400 | 401; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number }

/** Checks administrator logins against the password, under the login limits kept in the database. */
export function createAdminAuthService(password: AdminPassword, throttle: LoginThrottle) {
  return {
    async login(candidate: unknown, clientKey: string): Promise<LoginResult> {
      if (typeof candidate !== 'string' || candidate.trim() === '') {
        return { ok: false, status: 400, error: POST_MESSAGES.passwordRequired }
      }
      const admission = await throttle.admit(clientKey)
      if (!admission.ok)
        return rateLimited('Too many failed login attempts. Please try again later.', {
          allowed: false,
          retryAfterSeconds: admission.retryAfterSeconds,
        })
      if (!(await password.verify(candidate))) {
        await throttle.failed()
        return { ok: false, status: 401, error: POST_MESSAGES.invalidPassword }
      }
      await throttle.succeeded(clientKey)
      return { ok: true }
    },
  }
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>
