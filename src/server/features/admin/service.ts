import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { POST_MESSAGES } from '../../../shared/post-rules'
import { OWNER_ID, STAFF_MESSAGES } from '../../../shared/staff'
import type { AdminPassword } from '../../auth/password'
import { passwordPolicyProblem } from '../../auth/password-policy'
import type { SignInBasis } from '../../auth/sessions'
import { isTotpCode, type TwoFactor } from '../../auth/two-factor'
import { stringField } from '../../http/json-body'
import { countLoginFailure } from '../../observability/metrics'
import { LOGIN_THROTTLE, type LoginThrottle } from './login-throttle'

/**
 * What a refusal is worth in the audit log: a wrong password or code (only the first few of a window, so
 * a flood cannot bury the rest), a lock that just started (a client's, or the codes'), or the moment
 * failures from everywhere began to slow every sign-in down.
 */
export interface RefusalNote {
  failure?: 'password' | 'code'
  /** `until recovery`: authenticator codes stopped until a recovery code signs in (two-factor.ts). */
  locked?: 'client' | 'codes' | 'until recovery'
  pressureStarted?: boolean
}

type Refusal =
  | { ok: false; status: 400 | 401; error: string; twoFactorRequired?: true; note: RefusalNote }
  | { ok: false; status: 429; error: string; twoFactorRequired?: true; retryAfterSeconds: number; note: RefusalNote }

/**
 * `recoveryCodeUsed`: one of the ten is gone, worth telling the administrator. `basis`: what the session
 * to start depends on, read before the password was.
 */
export type CredentialCheck = { ok: true; recoveryCodeUsed: boolean; basis: SignInBasis } | Refusal

/** What signs one person in: their password and their second factor. */
export interface Person {
  id: number
  password: AdminPassword
  twoFactor: TwoFactor
  /** Their sign-in generation now (sessions.ts). */
  generation: () => Promise<number>
}

/**
 * Checks the administrator's credentials (the password, then the second factor when it is on) under
 * the login limits kept in the database. Sign-in and re-authentication for sensitive changes share
 * it, so a stolen session cannot guess the password faster than a stranger can.
 */
export function createAdminAuthService({
  personOf,
  personByEmail,
  throttle,
  isPreviewerPassword,
  replacePassword,
}: {
  /** A person by staff id (the owner is 1). */
  personOf: (id: number) => Person
  /** An active person by email, or a decoy whose password is never right (so unknown addresses take as long). */
  personByEmail: (email: string) => Promise<Person>
  throttle: LoginThrottle
  /** Whether a candidate is the previewer's password, which must never also be a staff password. */
  isPreviewerPassword: (candidate: string) => Promise<boolean>
  /** Stores a person's new password and ends their other sessions, if this one is still open (auth/password.ts). */
  replacePassword: (change: { staffId: number; password: string; sessionId: number }) => Promise<number>
}) {
  async function check(
    { id, password, twoFactor, generation }: Person,
    candidate: unknown,
    code: unknown,
    clientKey: string,
    messages: { missing: string; wrong: string; signIn: boolean },
  ): Promise<CredentialCheck> {
    if (typeof candidate !== 'string' || candidate.trim() === '')
      return { ok: false, status: 400, error: messages.missing, note: {} }
    // Before anything that can wait (the limits under pressure, the password's hash): a change to the
    // person's sign-in from here on stops the session this check would start.
    const basis = { generation: await generation() }
    const admission = await throttle.admit(clientKey)
    if (!admission.ok)
      return {
        ok: false,
        status: 429,
        error: SECURITY_MESSAGES.tooManyAttempts,
        retryAfterSeconds: admission.retryAfterSeconds,
        // A lock is one line, like a failure: past the window's share, a flood of them is left out.
        note:
          admission.lockedNow && (await throttle.failuresInWindow()) <= LOGIN_THROTTLE.auditedFailures
            ? { locked: 'client' }
            : {},
      }
    const failure = async (kind: 'password' | 'code') => {
      countLoginFailure(kind)
      const failures = await throttle.failed()
      return {
        // Wrong sign-in passwords can come by the thousand from strangers: the first few of a window are
        // enough. A wrong code (whoever sends it has the password) and a wrong password re-entered from
        // a session are always worth a line, and both are bounded by their own limits.
        failure: kind === 'code' || !messages.signIn || failures <= LOGIN_THROTTLE.auditedFailures ? kind : undefined,
        pressureStarted: failures === LOGIN_THROTTLE.pressureFailures,
      }
    }
    if (!(await password.verify(candidate)))
      return { ok: false, status: 401, error: messages.wrong, note: await failure('password') }
    const secondFactor = await twoFactor.enabled()
    let recoveryCodeUsed = false
    if (secondFactor) {
      const typed = stringField(code).trim()
      // The attempt stays counted until a full success, so the code cannot be guessed without limit.
      if (typed === '')
        return { ok: false, status: 401, error: SECURITY_MESSAGES.codeRequired, twoFactorRequired: true, note: {} }
      const stopped = async (): Promise<Refusal> => {
        // The password was right: the address keeps the attempts the recovery code it now needs takes.
        await throttle.forgive(clientKey)
        return { ok: false, status: 401, error: SECURITY_MESSAGES.codesStopped, twoFactorRequired: true, note: {} }
      }
      if (isTotpCode(typed) && (await twoFactor.codesStopped())) return stopped()
      const attempt = isTotpCode(typed) ? await throttle.takeCodeAttempt(id) : null
      if (attempt && attempt.refusedFor > 0) {
        // The password was right, so this is no password guesser: the attempt is given back, and the
        // owner keeps the attempts a recovery code needs.
        await throttle.forgive(clientKey)
        return {
          ok: false,
          status: 429,
          error: SECURITY_MESSAGES.tooManyWrongCodes,
          twoFactorRequired: true,
          retryAfterSeconds: attempt.refusedFor,
          note: {},
        }
      }
      const result = await twoFactor.verify(typed)
      if (!result.ok && result.stopped === 'before') return stopped()
      if (!result.ok) {
        const codesLocked = attempt ? attempt.locks : await throttle.codeFailed(id)
        const locked = result.stopped === 'now' ? 'until recovery' : codesLocked ? 'codes' : undefined
        const note: RefusalNote = { ...(await failure('code')), ...(locked ? { locked } : {}) }
        const error = result.stopped === 'now' ? SECURITY_MESSAGES.codesStopped : SECURITY_MESSAGES.invalidCode
        return { ok: false, status: 401, error, twoFactorRequired: true, note }
      }
      recoveryCodeUsed = result.recoveryCode
    }
    await throttle.succeeded(clientKey, { secondFactor, personId: id })
    return { ok: true, recoveryCodeUsed, basis }
  }

  /** The password (and a code when two-factor is on) again, before a sensitive change. */
  const reauthenticate = (id: number, candidate: unknown, code: unknown, clientKey: string) =>
    check(personOf(id), candidate, code, clientKey, {
      missing: SECURITY_MESSAGES.currentPasswordRequired,
      wrong: SECURITY_MESSAGES.wrongCurrentPassword,
      signIn: false,
    })

  return {
    /** The spec's sign-in: the owner's password alone. */
    login: (candidate: unknown, code: unknown, clientKey: string) =>
      check(personOf(OWNER_ID), candidate, code, clientKey, {
        missing: POST_MESSAGES.passwordRequired,
        wrong: POST_MESSAGES.invalidPassword,
        signIn: true,
      }),

    /** A staff member's sign-in: the same answer whether the address is unknown or the password wrong. */
    async loginByEmail(
      email: string,
      candidate: unknown,
      code: unknown,
      clientKey: string,
    ): Promise<CredentialCheck & { personId?: number }> {
      const person = await personByEmail(email)
      const result = await check(person, candidate, code, clientKey, {
        missing: POST_MESSAGES.passwordRequired,
        wrong: STAFF_MESSAGES.wrongEmailOrPassword,
        signIn: true,
      })
      return result.ok ? { ...result, personId: person.id } : result
    },

    reauthenticate,

    /**
     * Checks the new password's rules before the current one, so a typo costs no login attempt; once both
     * hold, `make()` stores it and ends the person's other sessions (how many it ended), refused if this
     * session has ended meanwhile (what the check used, a recovery code, is the caller's to note first).
     */
    async changePassword(
      id: number,
      body: Record<string, unknown>,
      { clientKey, sessionId }: { clientKey: string; sessionId: number },
    ): Promise<Refusal | { ok: true; recoveryCodeUsed: boolean; make: () => Promise<number> }> {
      const next = stringField(body.newPassword)
      const problem =
        (await passwordPolicyProblem(next)) ??
        (next === stringField(body.currentPassword) ? SECURITY_MESSAGES.newPasswordUnchanged : null) ??
        ((await isPreviewerPassword(next)) ? SECURITY_MESSAGES.newPasswordIsPreviewerPassword : null)
      if (problem) return { ok: false, status: 400, error: problem, note: {} }
      const verified = await reauthenticate(id, body.currentPassword, body.code, clientKey)
      if (!verified.ok) return verified
      return {
        ok: true,
        recoveryCodeUsed: verified.recoveryCodeUsed,
        make: () => replacePassword({ staffId: id, password: next, sessionId }),
      }
    },
  }
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>
