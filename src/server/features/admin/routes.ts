import { Elysia } from 'elysia'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { AdminAuthService } from './service'

/** Login, logout and the session check (spec §7). */
export function adminRoutes(
  auth: AdminAuthService,
  session: AdminSessionPlugin,
  clientKey: (request: Request) => string,
) {
  return new Elysia({ name: 'admin' })
    .use(session)
    .post(
      '/api/admin/login',
      async ({ request, cookie, status, set, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES)
        if (!body.ok) return status(body.status, { error: body.error })
        const result = await auth.login(body.value.password, clientKey(request))
        if (!result.ok) {
          if (result.status === 429) set.headers['retry-after'] = String(result.retryAfterSeconds)
          return status(result.status, { error: result.error })
        }
        await adminSession.start(cookie)
        return { ok: true }
      },
      { parse: 'none' },
    )
    .post(
      '/api/admin/logout',
      async ({ cookie, set, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        await adminSession.end(cookie)
        return { ok: true }
      },
      // Bodies are never read here (decision 0008), so none can make the server buffer it.
      { parse: 'none' },
    )
    .get('/api/admin/check', () => ({ authenticated: true, method: 'session' }), { admin: true })
}
