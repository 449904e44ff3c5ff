import { Elysia } from 'elysia'
import {
  type AdminSessionInfo,
  AUDIT_EVENT_TYPES,
  AUDIT_FILTERS,
  SECURITY_MESSAGES,
} from '../../../shared/admin-security'
import { can, OWNER_ID, STAFF_MESSAGES } from '../../../shared/staff'
import type { AuditLog, RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { RECENT_SIGN_IN_MS, type SessionStore } from '../../auth/sessions'
import type { TwoFactor } from '../../auth/two-factor'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import { refuse } from './routes'
import type { AdminAuthService } from './service'

/** A sign-in this recent counts as proof of the password for setting up two-factor (ASVS: recent authentication). */

/** A browser's name and system from its user agent, enough to tell two sessions apart. */
export function describeBrowser(userAgent: string): string {
  const browser =
    [/Edg\//, /OPR\//, /Firefox\//, /Chrome\//, /Safari\//]
      .map((pattern, i) => (pattern.test(userAgent) ? ['Edge', 'Opera', 'Firefox', 'Chrome', 'Safari'][i] : null))
      .find(Boolean) ?? null
  const system =
    [/iPhone|iPad/, /Android/, /Windows/, /Mac OS X/, /Linux/]
      .map((pattern, i) => (pattern.test(userAgent) ? ['iOS', 'Android', 'Windows', 'macOS', 'Linux'][i] : null))
      .find(Boolean) ?? null
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? (userAgent.slice(0, 60) || 'Unknown browser')
}

/** The types a filter stands for: a group, a whole type or its first part; null for anything else. */
const auditTypes = (filter: string | undefined): readonly string[] | undefined | null => {
  if (!filter) return undefined
  if (Object.hasOwn(AUDIT_FILTERS, filter)) return AUDIT_FILTERS[filter as keyof typeof AUDIT_FILTERS]
  const known = AUDIT_EVENT_TYPES.some((type) => type === filter || type.startsWith(`${filter}.`))
  return known ? [filter] : null
}

const positiveInt = (value: string | undefined) => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/**
 * The administrator's security settings: two-factor sign-in, the password, signed-in sessions and the
 * audit log. Turning two-factor off, changing the password and signing out everywhere else ask for the
 * password (and a code) again.
 */
export function adminSecurityRoutes({
  auth,
  twoFactorOf,
  sessions,
  audit,
  session,
  clientKey,
  record,
  clock,
}: {
  auth: AdminAuthService
  twoFactorOf: (staffId: number) => TwoFactor
  sessions: SessionStore
  audit: AuditLog
  session: AdminSessionPlugin
  clientKey: (request: Request) => string
  record: RecordEvent
  clock: () => number
}) {
  return new Elysia({ name: 'admin-security' })
    .use(session)
    .get(
      '/api/admin/2fa',
      async ({ user }) => {
        const twoFactor = twoFactorOf(user.id)
        return { enabled: await twoFactor.enabled(), recoveryCodesLeft: await twoFactor.recoveryCodesLeft() }
      },
      { staff: 'self' },
    )
    .post(
      '/api/admin/2fa/setup',
      async ({ request, set, status, sessionId, user }) => {
        const twoFactor = twoFactorOf(user.id)
        // No body at all is the first call (the form then asks for the password if needed); a bad one is refused.
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['password'])
        if (!body.ok && body.status !== 415) return status(body.status, { error: body.error })
        if (await twoFactor.enabled()) return status(409, { error: SECURITY_MESSAGES.twoFactorAlreadyOn })
        // Whoever turns two-factor on decides who can sign in next: a session older than a few minutes
        // (perhaps not the owner's) must show the password first.
        const current = (await sessions.list(user.id)).find((row) => row.id === sessionId)
        if (!current || clock() - current.createdAt.getTime() > RECENT_SIGN_IN_MS) {
          const password = body.ok ? body.value.password : undefined
          if (password === undefined)
            return status(401, { error: SECURITY_MESSAGES.reauthenticationRequired, reauthenticationRequired: true })
          const verified = await auth.reauthenticate(user.id, password, undefined, clientKey(request))
          if (!verified.ok)
            return status(verified.status, await refuse(verified, { request, set, record }, 'setting up two-factor'))
        }
        return twoFactor.setup(sessionId)
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/2fa/enable',
      async ({ request, status, sessionId, user }) => {
        const twoFactor = twoFactorOf(user.id)
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['code'])
        if (!body.ok) return status(body.status, { error: body.error })
        if (await twoFactor.enabled()) return status(409, { error: SECURITY_MESSAGES.twoFactorAlreadyOn })
        const code = typeof body.value.code === 'string' ? body.value.code : ''
        if (code.trim() === '') return status(400, { error: SECURITY_MESSAGES.codeRequired })
        const result = await twoFactor.enable(code, sessionId)
        if (!result.ok)
          return result.reason === 'code'
            ? status(400, { error: SECURITY_MESSAGES.invalidCode })
            : status(409, {
                error:
                  result.reason === 'dropped' ? SECURITY_MESSAGES.setupDropped : SECURITY_MESSAGES.twoFactorNotSetUp,
              })
        await record(request, 'two_factor.enabled')
        return { recoveryCodes: result.recoveryCodes }
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/2fa/cancel',
      async ({ sessionId, user }) => {
        await twoFactorOf(user.id).cancelSetup(sessionId)
        return { ok: true }
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/2fa/disable',
      async ({ request, set, status, user, sessionId }) => {
        const twoFactor = twoFactorOf(user.id)
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['password', 'code'])
        if (!body.ok) return status(body.status, { error: body.error })
        if (!(await twoFactor.enabled())) return status(409, { error: SECURITY_MESSAGES.twoFactorOff })
        const verified = await auth.reauthenticate(user.id, body.value.password, body.value.code, clientKey(request))
        if (!verified.ok)
          return status(verified.status, await refuse(verified, { request, set, record }, 'turning two-factor off'))
        if (verified.recoveryCodeUsed) await record(request, 'two_factor.recovery_code_used')
        await twoFactor.disable(sessionId)
        await record(request, 'two_factor.disabled')
        return { ok: true }
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/password',
      async ({ request, set, status, sessionId, user }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['currentPassword', 'newPassword', 'code'])
        if (!body.ok) return status(body.status, { error: body.error })
        const changed = await auth.changePassword(user.id, body.value, { clientKey: clientKey(request), sessionId })
        if (!changed.ok)
          return status(changed.status, await refuse(changed, { request, set, record }, 'changing the password'))
        if (changed.recoveryCodeUsed) await record(request, 'two_factor.recovery_code_used')
        const signedOut = await changed.make()
        await record(request, 'password.changed', `${signedOut} other sessions signed out`)
        return { ok: true, signedOut }
      },
      { staff: 'self', parse: 'none' },
    )
    .get(
      '/api/admin/sessions',
      async ({ sessionId, user }): Promise<AdminSessionInfo[]> =>
        (await sessions.list(can(user.role, 'staff.manage') ? undefined : user.id)).map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          clientAddress: row.clientAddress,
          userAgent: describeBrowser(row.userAgent),
          current: row.id === sessionId,
          staffId: row.staffId,
          staffName: row.staffName,
        })),
      { staff: 'self' },
    )
    .delete(
      '/api/admin/sessions/:id',
      async ({ request, params, status, sessionId, user }) => {
        const id = positiveInt(params.id)
        if (id === sessionId) return status(400, { error: SECURITY_MESSAGES.currentSession })
        const mine = can(user.role, 'staff.manage') ? undefined : user.id
        const target = (await sessions.list(mine)).find((row) => row.id === id)
        if (!target) return status(404, { error: SECURITY_MESSAGES.sessionNotFound })
        // Administrators may end anyone's session but the owner's, who could otherwise be kept out.
        if (target.staffId === OWNER_ID && user.id !== OWNER_ID)
          return status(403, { error: STAFF_MESSAGES.ownerFixed })
        if (!(await sessions.revokeById(target.id))) return status(404, { error: SECURITY_MESSAGES.sessionNotFound })
        await record(
          request,
          'session.revoked',
          `${target.staffId === user.id ? '' : `${target.staffName}: `}${describeBrowser(target.userAgent)}${target.clientAddress ? `, ${target.clientAddress}` : ''}`,
        )
        return { ok: true }
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/sessions/revoke-others',
      async ({ request, set, status, sessionId, user }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['password', 'code'])
        if (!body.ok) return status(body.status, { error: body.error })
        const verified = await auth.reauthenticate(user.id, body.value.password, body.value.code, clientKey(request))
        if (!verified.ok)
          return status(verified.status, await refuse(verified, { request, set, record }, 'signing out everywhere'))
        if (verified.recoveryCodeUsed) await record(request, 'two_factor.recovery_code_used')
        const signedOut = await sessions.revokeAllExcept(sessionId, user.id)
        await record(request, 'sessions.revoked_others', `${signedOut} sessions`)
        return { ok: true, signedOut }
      },
      { staff: 'self', parse: 'none' },
    )
    .get(
      '/api/admin/audit',
      ({ query, status }) => {
        const types = auditTypes(query.type)
        if (types === null) return status(400, { error: `Unknown event type: ${query.type}` })
        return audit.list({ types, limit: positiveInt(query.limit), before: positiveInt(query.before) })
      },
      { staff: 'site.manage' },
    )
}
