import { Elysia } from 'elysia'
import { OWNER_ID } from '../../../shared/staff'
import type { FeatureDeps } from '../../app-deps'
import type { AuditLog } from '../../audit/audit-log'
import type { PasskeyStore } from '../../auth/passkeys'
import type { AdminPassword } from '../../auth/password'
import { hashPassword, replacePassword } from '../../auth/password'
import { type SessionStore, signedInRecently } from '../../auth/sessions'
import { createTwoFactor } from '../../auth/two-factor'
import { createRateLimit } from '../../http/rate-limit'
import type { StaffService } from '../staff/service'
import { createLoginThrottle } from './login-throttle'
import { PASSKEY_CHALLENGE_LIMIT, passkeyRoutes } from './passkey-routes'
import { adminRoutes } from './routes'
import { adminSecurityRoutes } from './security-routes'
import { createAdminAuthService, type Person } from './service'

export interface AdminPluginOptions {
  password: AdminPassword
  /** Whether a candidate is the previewer's password, which may never also be a staff password. */
  isPreviewerPassword: (candidate: string) => Promise<boolean>
  sessions: SessionStore
  audit: AuditLog
  /** How the login limits wait under pressure (app-deps.ts). */
  sleep?: (ms: number) => Promise<unknown>
  ipv6Prefix?: number
  /** Everyone's passwords but the owner's. */
  staff: StaffService
  passkeys: PasskeyStore
  /** The origin pages are served on: the passkeys' relying party. */
  pageOrigin: (request: Request) => string
}

/** The administrator's sign-in and security settings, with the second factor and the login limits. */
export function adminPlugin(
  { db, clock, session, record, clientKey }: FeatureDeps,
  {
    password,
    isPreviewerPassword,
    sessions,
    audit,
    sleep,
    ipv6Prefix,
    staff,
    passkeys,
    pageOrigin,
  }: AdminPluginOptions,
) {
  const twoFactorOf = (id: number) => createTwoFactor(db, clock, id)
  const personOf = (id: number): Person => ({
    id,
    password: id === OWNER_ID ? password : { verify: (candidate) => staff.verifyPassword(id, candidate) },
    twoFactor: twoFactorOf(id),
    generation: () => sessions.generationOf(id),
  })
  const throttle = createLoginThrottle(db, { clock, sleep, ipv6Prefix })
  const auth = createAdminAuthService({
    personOf,
    personByEmail: async (email) => {
      const found = await staff.activeByEmail(email)
      // Staff id 0 is nobody: a password that is never right, and no second factor.
      return found ? personOf(found.id) : { ...personOf(0), password: { verify: decoyVerify } }
    },
    throttle,
    isPreviewerPassword,
    replacePassword: (change) => replacePassword(db, { ...change, now: clock() }),
  })
  return new Elysia({ name: 'feature:admin' })
    .use(adminRoutes(auth, twoFactorOf, session, { clientKey, record }))
    .use(adminSecurityRoutes({ auth, twoFactorOf, sessions, audit, session, clientKey, record, clock }))
    .use(
      passkeyRoutes({
        store: passkeys,
        challengeLimit: createRateLimit(db, 'passkey-challenge', PASSKEY_CHALLENGE_LIMIT, { ipv6Prefix }),
        auth,
        recentlySignedIn: signedInRecently(sessions, clock),
        session,
        throttle,
        pageOrigin,
        clientKey,
        record,
      }),
    )
}

/** An argon2 hash of nothing anyone types, made at the first sign-in by email (not at start). */
let decoyHash: Promise<string> | undefined
/** Checks a password against nobody's hash: an unknown address takes as long to refuse as a wrong password. */
async function decoyVerify(candidate: string) {
  decoyHash ??= hashPassword(crypto.randomUUID())
  await Bun.password.verify(candidate, await decoyHash)
  return false
}
