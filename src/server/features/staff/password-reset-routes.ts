import { Elysia, t } from 'elysia'
import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { isEmail, normalizeEmail, STAFF_MESSAGES } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import { hashPassword } from '../../auth/password'
import { passwordPolicyProblem } from '../../auth/password-policy'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES, stringField } from '../../http/json-body'
import type { RateLimit } from '../../http/rate-limit'
import type { PasswordResets } from './password-resets'

/** At most this many "forgot password" requests per client and hour: each may send an email. */
export const PASSWORD_RESET_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 }

const tokenParams = t.Object({ token: t.String({ maxLength: 100 }) })

/** "Forgot password": ask for a link by email, check it, choose the new password (then sign in as usual). */
export function passwordResetRoutes(
  resets: PasswordResets,
  {
    limit,
    clientKey,
    record,
    isPreviewerPassword,
  }: {
    limit: RateLimit
    clientKey: (request: Request) => string
    record: RecordEvent
    isPreviewerPassword: (candidate: string) => Promise<boolean>
  },
) {
  return new Elysia({ name: 'password-resets' })
    .post(
      '/api/admin/password-reset',
      async ({ request, set, status }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['email'])
        if (!body.ok) return status(body.status, { error: body.error })
        const email = normalizeEmail(stringField(body.value.email))
        if (!isEmail(email)) return status(400, { error: STAFF_MESSAGES.emailInvalid })
        const hit = await limit.hit(clientKey(request))
        if (!hit.allowed) {
          set.headers['retry-after'] = String(hit.retryAfterSeconds)
          return status(429, { error: SECURITY_MESSAGES.tooManyAttempts })
        }
        // Answered before anything is looked up: a known address takes no longer to answer than an unknown one.
        void resets.request(email).catch(() => undefined)
        return { ok: true, message: STAFF_MESSAGES.resetSent }
      },
      { parse: 'none' },
    )
    .get(
      '/api/admin/password-reset/:token',
      async ({ params, set, status }) => {
        set.headers['cache-control'] = 'no-store'
        const link = await resets.check(params.token)
        return link.ok ? link.value : status(link.status, { error: link.error })
      },
      { params: tokenParams },
    )
    .post(
      '/api/admin/password-reset/:token',
      async ({ params, request, set, status }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['password'])
        if (!body.ok) return status(body.status, { error: body.error })
        const link = await resets.check(params.token)
        if (!link.ok) return status(link.status, { error: link.error })
        const password = stringField(body.value.password)
        const problem =
          (await passwordPolicyProblem(password)) ??
          ((await isPreviewerPassword(password)) ? SECURITY_MESSAGES.newPasswordIsPreviewerPassword : null)
        if (problem) return status(400, { error: problem })
        const used = await resets.use(params.token, await hashPassword(password))
        if (!used.ok) return status(used.status, { error: used.error })
        await record(request, 'password.changed', 'with a "forgot password" link; every session signed out', {
          id: used.value.staffId,
          name: link.value.email,
          email: link.value.email,
        })
        return { ok: true }
      },
      { params: tokenParams, parse: 'none' },
    )
}
