import { Elysia } from 'elysia'
import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { isEmail, normalizeEmail, OWNER_ID, STAFF_MESSAGES } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { CONSECUTIVE_CODE_FAILURES, type TwoFactor } from '../../auth/two-factor'
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
  if (note.locked === 'until recovery')
    await record(
      request,
      'login.locked',
      `${context}: authenticator codes until a recovery code, after ${CONSECUTIVE_CODE_FAILURES} wrong ones`,
    )
  if (note.pressureStarted) await record(request, 'login.slowed')
  return { error: result.error, ...(result.twoFactorRequired ? { twoFactorRequired: true } : {}) }
}

/** Login (the owner's password, or a person's email and password), logout and the session check (spec §7), with the second factor when it is on. */
export function adminRoutes(
  auth: AdminAuthService,
  twoFactorOf: (staffId: number) => TwoFactor,
  session: AdminSessionPlugin,
  { clientKey, record }: { clientKey: (request: Request) => string; record: RecordEvent },
) {
  return new Elysia({ name: 'admin' })
    .use(session)
    .post(
      '/api/admin/login',
      async ({ request, cookie, status, set, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['email', 'password', 'code'])
        if (!body.ok) return status(body.status, { error: body.error })
        const { email, password, code } = body.value
        // `{ password }` alone is the spec's call and signs the owner in; with an email, that person.
        const byEmail = email !== undefined
        if (byEmail && (typeof email !== 'string' || email.trim() === ''))
          return status(400, { error: STAFF_MESSAGES.emailRequired })
        if (byEmail && !isEmail(normalizeEmail(email as string)))
          return status(400, { error: STAFF_MESSAGES.emailInvalid })
        const result = byEmail
          ? await auth.loginByEmail(email as string, password, code, clientKey(request))
          : { ...(await auth.login(password, code, clientKey(request))), personId: OWNER_ID }
        if (!result.ok) return status(result.status, await refuse(result, { request, set, record }, 'sign-in'))
        const started = await adminSession.start(
          cookie,
          result.personId!,
          { clientAddress: clientKey(request), userAgent: request.headers.get('user-agent') ?? '' },
          result.basis,
        )
        if (!started) {
          if (result.recoveryCodeUsed) await record(request, 'two_factor.recovery_code_used')
          await record(request, 'login.failed', 'sign-in: the account’s sign-in changed meanwhile')
          return status(401, { error: SECURITY_MESSAGES.signInInterrupted })
        }
        const signedIn = await adminSession.current(cookie)
        const person = signedIn?.user
        await record(request, 'login.succeeded', '', person)
        if (result.recoveryCodeUsed) await record(request, 'two_factor.recovery_code_used', '', person)
        return { ok: true }
      },
      { parse: 'none' },
    )
    .post(
      '/api/admin/logout',
      async ({ request, cookie, set, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        const signedIn = await adminSession.current(cookie)
        if (signedIn) await record(request, 'logout', '', signedIn.user)
        await adminSession.end(cookie)
        return { ok: true }
      },
      // Bodies are never read here (decision 0008), so none can make the server buffer it.
      { parse: 'none' },
    )
    .get(
      '/api/admin/check',
      async ({ user }) => ({
        authenticated: true,
        method: 'session',
        twoFactor: await twoFactorOf(user.id).enabled(),
        user,
      }),
      { staff: 'self' },
    )
}
