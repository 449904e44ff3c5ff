import { Elysia } from 'elysia'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { TwoFactor } from '../../auth/two-factor'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { AdminAuthService, CredentialCheck } from './service'

type Refused = Extract<CredentialCheck, { ok: false }>

/** The answer to refused credentials, and what it is worth in the audit log. */
export async function refuse(
  result: Refused,
  { request, set, record }: { request: Request; set: { headers: Record<string, unknown> }; record: RecordEvent },
  context: string,
) {
  const { note } = result
  if (result.status === 429) set.headers['retry-after'] = String(result.retryAfterSeconds)
  if (note.failure) await record(request, 'login.failed', `${context}: wrong ${note.failure}`)
  if (note.locked === 'client') await record(request, 'login.locked', `${context}: this address`)
  if (note.locked === 'codes')
    await record(request, 'login.locked', `${context}: authenticator codes, after wrong ones`)
  if (note.pressureStarted) await record(request, 'login.slowed')
  return { error: result.error, ...(result.twoFactorRequired ? { twoFactorRequired: true } : {}) }
}

/** Login, logout and the session check (spec §7), with the second factor when it is on. */
export function adminRoutes(
  auth: AdminAuthService,
  twoFactor: TwoFactor,
  session: AdminSessionPlugin,
  { clientKey, record }: { clientKey: (request: Request) => string; record: RecordEvent },
) {
  return new Elysia({ name: 'admin' })
    .use(session)
    .post(
      '/api/admin/login',
      async ({ request, cookie, status, set, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['password', 'code'])
        if (!body.ok) return status(body.status, { error: body.error })
        const result = await auth.login(body.value.password, body.value.code, clientKey(request))
        if (!result.ok) return status(result.status, await refuse(result, { request, set, record }, 'sign-in'))
        await adminSession.start(cookie, {
          clientAddress: clientKey(request),
          userAgent: request.headers.get('user-agent') ?? '',
        })
        await record(request, 'login.succeeded')
        if (result.recoveryCodeUsed) await record(request, 'two_factor.recovery_code_used')
        return { ok: true }
      },
      { parse: 'none' },
    )
    .post(
      '/api/admin/logout',
      async ({ request, cookie, set, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        if (await adminSession.isSignedIn(cookie)) await record(request, 'logout')
        await adminSession.end(cookie)
        return { ok: true }
      },
      // Bodies are never read here (decision 0008), so none can make the server buffer it.
      { parse: 'none' },
    )
    .get(
      '/api/admin/check',
      async () => ({ authenticated: true, method: 'session', twoFactor: await twoFactor.enabled() }),
      { admin: true },
    )
}
