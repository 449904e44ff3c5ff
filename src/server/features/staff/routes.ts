import { Elysia, t } from 'elysia'
import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { emailOnce, isRole, PASSKEY_MESSAGES, profileProblem, type Role, STAFF_MESSAGES } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { PasskeyRegistration } from '../../auth/passkey-registration'
import type { NewPasskey } from '../../auth/passkeys'
import { hashPassword } from '../../auth/password'
import { passwordPolicyProblem } from '../../auth/password-policy'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES, stringField } from '../../http/json-body'
import type { Invitations } from './invitations'
import type { StaffService } from './service'

/** A passkey's registration carries a public key and an attestation: larger than other small bodies. */
const PASSKEY_BODY_LIMIT_BYTES = 16 * 1024

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })
const tokenParams = t.Object({ token: t.String({ maxLength: 100 }) })
const assignable = (value: unknown): value is Role => isRole(value) && value !== 'owner'

/**
 * The staff list, invitations, role and state changes and removal (owners and administrators), and
 * accepting an invitation (anyone holding its link).
 */
export function staffRoutes(
  service: StaffService,
  invitations: Invitations,
  session: AdminSessionPlugin,
  {
    record,
    clientKey,
    isPreviewerPassword,
    registration,
    recentlySignedIn,
  }: {
    registration: PasskeyRegistration
    /** Whether this session signed in lately (auth/sessions.ts): only then may it give the email a reset goes to. */
    recentlySignedIn: (sessionId: number, staffId: number) => Promise<boolean>
    record: RecordEvent
    clientKey: (request: Request) => string
    isPreviewerPassword: (candidate: string) => Promise<boolean>
  },
) {
  return new Elysia({ name: 'staff' })
    .use(session)
    .get('/api/admin/staff', () => service.list(), { staff: 'staff.manage' })
    .get('/api/admin/authors', () => service.authors(), { staff: 'posts.others' })
    .get(
      '/api/admin/profile',
      async ({ user, status }) =>
        (await service.profile(user.id)) ?? status(404, { error: STAFF_MESSAGES.staffNotFound }),
      { staff: 'self' },
    )
    .patch(
      '/api/admin/profile',
      async ({ request, status, user, sessionId }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['name', 'bio', 'email'])
        if (!body.ok) return status(body.status, { error: body.error })
        const current = await service.profile(user.id)
        if (!current) return status(404, { error: STAFF_MESSAGES.staffNotFound })
        const next = {
          name: typeof body.value.name === 'string' ? body.value.name.trim() : current.name,
          bio: typeof body.value.bio === 'string' ? body.value.bio.trim() : current.bio,
        }
        const problem = profileProblem(next)
        if (problem) return status(400, { error: problem })
        const email = emailOnce(current.email, body.value.email)
        if (!email.ok) return status(400, { error: email.error })
        // Password resets go to it: a session left open an hour ago must not choose where.
        if (email.value !== undefined && !(await recentlySignedIn(sessionId, user.id)))
          return status(401, { error: STAFF_MESSAGES.emailNeedsFreshSignIn })
        const saved = await service.setProfile(user.id, { ...next, email: email.value }, sessionId)
        if (!saved.ok) return status(saved.status, { error: saved.error })
        if (saved.value.emailSet) await record(request, 'profile.email_set', saved.value.profile.email)
        return saved.value.profile
      },
      { staff: 'self', parse: 'none' },
    )
    .post(
      '/api/admin/staff/invitations',
      async ({ request, status, user, sessionId }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['email', 'role'])
        if (!body.ok) return status(body.status, { error: body.error })
        if (!assignable(body.value.role)) return status(400, { error: STAFF_MESSAGES.roleInvalid })
        const result = await invitations.invite(stringField(body.value.email), body.value.role, user, sessionId)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'staff.invited', `${result.value.email} as ${result.value.role}`)
        return status(201, result.value)
      },
      { staff: 'staff.manage', parse: 'none' },
    )
    .post(
      '/api/admin/staff/invitations/:id/resend',
      async ({ params, request, status, user, sessionId }) => {
        const result = await invitations.resend(params.id, user, sessionId)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'staff.invited', `${result.value.email} as ${result.value.role} (sent again)`)
        return result.value
      },
      { staff: 'staff.manage', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/admin/staff/invitations/:id',
      async ({ params, request, status }) => {
        const result = await invitations.revoke(params.id)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'staff.invitation_revoked', result.value.email)
        return { ok: true }
      },
      { staff: 'staff.manage', params: idParams, parse: 'none' },
    )
    .patch(
      '/api/admin/staff/:id',
      async ({ params, request, status, user, sessionId }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['role', 'state'])
        if (!body.ok) return status(body.status, { error: body.error })
        const { role, state } = body.value
        if (role !== undefined && !assignable(role)) return status(400, { error: STAFF_MESSAGES.roleInvalid })
        if (state !== undefined && state !== 'active' && state !== 'suspended')
          return status(400, { error: STAFF_MESSAGES.stateInvalid })
        const result = await service.update(params.id, { role, state }, user, sessionId)
        if (!result.ok) return status(result.status, { error: result.error })
        const who = result.value.name || result.value.email
        if (role !== undefined) await record(request, 'staff.role_changed', `${who}: ${role}`)
        if (state !== undefined)
          await record(request, state === 'suspended' ? 'staff.suspended' : 'staff.reactivated', who)
        return result.value
      },
      { staff: 'staff.manage', params: idParams, parse: 'none' },
    )
    .post(
      '/api/admin/staff/:id/reset-sign-in',
      async ({ params, request, status, user }) => {
        const result = await service.resetSignIn(params.id, user)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'staff.sign_in_reset', result.value.name)
        return { ok: true }
      },
      { staff: 'staff.manage', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/admin/staff/:id',
      async ({ params, query, request, status, user }) => {
        const reassignTo = Number(query.reassignTo)
        const postsGo =
          query.posts === 'keep'
            ? ({ keep: true } as const)
            : Number.isSafeInteger(reassignTo) && reassignTo > 0
              ? { reassignTo }
              : null
        if (!postsGo) return status(400, { error: STAFF_MESSAGES.reassignInvalid })
        const result = await service.remove(params.id, postsGo, user)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'staff.removed', result.value.name)
        return { ok: true }
      },
      {
        staff: 'staff.manage',
        params: idParams,
        query: t.Object({ posts: t.Optional(t.String()), reassignTo: t.Optional(t.String()) }),
        parse: 'none',
      },
    )
    .get(
      '/api/admin/invitations/:token',
      async ({ params, status, set }) => {
        set.headers['cache-control'] = 'no-store'
        const result = await invitations.invitation(params.token)
        return result.ok ? result.value : status(result.status, { error: result.error })
      },
      { params: tokenParams },
    )
    .post(
      '/api/admin/invitations/:token/passkey-options',
      async ({ params, request, status, set }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['name'])
        if (!body.ok) return status(body.status, { error: body.error })
        const invitee = await invitations.invitee(params.token)
        if (!invitee.ok) return status(invitee.status, { error: invitee.error })
        return registration.options(request, { ...invitee.value, name: stringField(body.value.name).trim() })
      },
      { params: tokenParams, parse: 'none' },
    )
    .post(
      '/api/admin/invitations/:token/accept',
      async ({ params, request, status, set, cookie, adminSession }) => {
        set.headers['cache-control'] = 'no-store'
        const body = await readJsonBody(request, PASSKEY_BODY_LIMIT_BYTES, ['name', 'password', 'passkey'])
        if (!body.ok) return status(body.status, { error: body.error })
        const name = stringField(body.value.name).trim()
        const invitee = await invitations.invitee(params.token)
        if (!invitee.ok) return status(invitee.status, { error: invitee.error })
        const nameProblem = profileProblem({ name, bio: '' })
        if (nameProblem) return status(400, { error: nameProblem })
        // A password (the admin's rules), or a passkey registered on the challenge given for this invitation.
        let passwordHash: string | null = null
        let passkey: NewPasskey | null = null
        if (body.value.passkey !== undefined) {
          passkey = await registration.check(request, body.value.passkey, invitee.value.id, 'Passkey')
          if (!passkey) return status(400, { error: PASSKEY_MESSAGES.registrationFailed })
        } else {
          const password = stringField(body.value.password)
          const problem =
            (await passwordPolicyProblem(password)) ??
            ((await isPreviewerPassword(password)) ? SECURITY_MESSAGES.newPasswordIsPreviewerPassword : null)
          if (problem) return status(400, { error: problem })
          passwordHash = await hashPassword(password)
        }
        const accepted = await invitations.accept(params.token, name, { passwordHash, passkey })
        if (!accepted.ok) return status(accepted.status, { error: accepted.error })
        const { user, basis } = accepted.value
        await record(request, 'staff.joined', `${name} as ${user.role}`, user)
        // Suspended or signed out by an administrator as they joined: joined, but not signed in.
        const started = await adminSession.start(
          cookie,
          user.id,
          { clientAddress: clientKey(request), userAgent: request.headers.get('user-agent') ?? '' },
          basis,
        )
        if (!started) {
          await record(request, 'login.failed', 'joining: the account’s sign-in changed meanwhile', user)
          return status(401, { error: SECURITY_MESSAGES.signInInterrupted })
        }
        return { ok: true, user }
      },
      { params: tokenParams, parse: 'none' },
    )
}
