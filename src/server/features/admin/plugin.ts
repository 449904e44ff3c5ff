import { Elysia } from 'elysia'
import { derivePreviewerDigest, type PreviewerGate } from '../../../shared/previewer'
import type { FeatureDeps } from '../../app-deps'
import type { AuditLog } from '../../audit/audit-log'
import type { AdminPassword } from '../../auth/password'
import type { SessionStore } from '../../auth/sessions'
import { createTwoFactor } from '../../auth/two-factor'
import { createLoginThrottle } from './login-throttle'
import { adminRoutes } from './routes'
import { adminSecurityRoutes } from './security-routes'
import { createAdminAuthService } from './service'

export interface AdminPluginOptions {
  password: AdminPassword
  /** The previewer's gate: its password may never also be the administrator's. */
  previewerGate: PreviewerGate
  sessions: SessionStore
  audit: AuditLog
  /** How the login limits wait under pressure (app-deps.ts). */
  sleep?: (ms: number) => Promise<unknown>
  ipv6Prefix?: number
}

/** The administrator's sign-in and security settings, with the second factor and the login limits. */
export function adminPlugin(
  { db, clock, session, record, clientKey }: FeatureDeps,
  { password, previewerGate, sessions, audit, sleep, ipv6Prefix }: AdminPluginOptions,
) {
  const twoFactor = createTwoFactor(db, clock)
  const auth = createAdminAuthService({
    password,
    throttle: createLoginThrottle(db, { clock, sleep, ipv6Prefix }),
    twoFactor,
    isPreviewerPassword: async (candidate) =>
      previewerGate.configured &&
      (await derivePreviewerDigest(candidate, previewerGate.salt, previewerGate.iterations)) === previewerGate.digest,
  })
  return new Elysia({ name: 'feature:admin' })
    .use(adminRoutes(auth, twoFactor, session, { clientKey, record }))
    .use(adminSecurityRoutes({ auth, twoFactor, sessions, audit, session, clientKey, record, clock }))
}
