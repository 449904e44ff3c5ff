import { desc } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { POST_MESSAGES } from '../../../shared/post-rules'
import { adminOnly } from '../../auth/admin-guard'
import type { AdminPassword } from '../../auth/password'
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionStore } from '../../auth/sessions'
import type { Database } from '../../db/client'
import { jobApplications } from '../../db/schema'
import { readJsonBody } from '../../http/json-body'
import { clearRateLimit, hitRateLimit } from '../../http/rate-limit'

/** Login attempts allowed per client (cleared by a success), and from everyone together, before answering 429. */
export const LOGIN_LIMITS = {
  perClient: { max: 5, windowMs: 15 * 60 * 1000 },
  total: { max: 50, windowMs: 15 * 60 * 1000 },
}

export interface AdminRouteDeps {
  db: Database
  sessions: SessionStore
  password: AdminPassword
  clientKey: (request: Request) => string
  secureCookies: boolean
  clock: () => number
}

/** Login, logout, the session check and the applications inbox. */
export function adminRoutes({ db, sessions, password, clientKey, secureCookies, clock }: AdminRouteDeps) {
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookies }

  return new Elysia({ name: 'admin' })
    .post(
      '/api/admin/login',
      async ({ request, cookie, status, set }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, 4096)
        if (!body.ok) return status(body.status, { error: body.error })
        const candidate = body.value.password
        if (typeof candidate !== 'string' || candidate.trim() === '')
          return status(400, { error: POST_MESSAGES.passwordRequired })

        const now = clock()
        const clientLimitKey = `login:${clientKey(request)}`
        // Counted before the (slow) check, so parallel guesses cannot all slip under the limit;
        // a successful login clears this client's count.
        for (const [key, limit] of [
          [clientLimitKey, LOGIN_LIMITS.perClient],
          ['login:all', LOGIN_LIMITS.total],
        ] as const) {
          const state = await hitRateLimit(db, key, limit, now)
          if (!state.allowed) {
            set.headers['retry-after'] = String(state.retryAfterSeconds)
            return status(429, { error: 'Too many failed login attempts. Please try again later.' })
          }
        }
        if (!(await password.verify(candidate))) return status(401, { error: POST_MESSAGES.invalidPassword })
        await clearRateLimit(db, clientLimitKey)
        // A fresh token at every login: a token planted before login is never promoted.
        await sessions.revoke(
          typeof cookie[SESSION_COOKIE]?.value === 'string' ? cookie[SESSION_COOKIE].value : undefined,
        )
        cookie[SESSION_COOKIE]!.set({
          value: await sessions.create(),
          ...cookieOptions,
          maxAge: SESSION_ABSOLUTE_MS / 1000,
        })
        await sessions.prune()
        return { ok: true }
      },
      { parse: 'none' },
    )
    .post('/api/admin/logout', async ({ cookie, set }) => {
      set.headers['cache-control'] = 'no-store'
      const token = cookie[SESSION_COOKIE]?.value
      await sessions.revoke(typeof token === 'string' ? token : undefined)
      cookie[SESSION_COOKIE]!.set({ value: '', ...cookieOptions, maxAge: 0 })
      return { ok: true }
    })
    .use(
      adminOnly(sessions, 'admin-session-routes')
        .get('/api/admin/check', () => ({ authenticated: true, method: 'session' }))
        .get('/api/admin/applications', async () => {
          const rows = await db
            .select()
            .from(jobApplications)
            .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
          return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
        }),
    )
}
