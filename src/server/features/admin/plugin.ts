import { Elysia } from 'elysia'
import { derivePreviewDigest, type PreviewGate } from '../../../shared/preview'
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
  previewGate: PreviewGate
  sessions: SessionStore
  audit: AuditLog
  /** How the login limits wait under pressure (app-deps.ts). */
  sleep?: (ms: number) => Promise<unknown>
  ipv6Prefix?: number
}

/** The administrator's sign-in and security settings, with the second factor and the login limits. */
export function adminPlugin(
  { db, clock, session, record, clientKey }: FeatureDeps,
  { password, previewGate, sessions, audit, sleep, ipv6Prefix }: AdminPluginOptions,
) {
  const twoFactor = createTwoFactor(db, clock)
  const auth = createAdminAuthService({
    password,
    throttle: createLoginThrottle(db, { clock, sleep, ipv6Prefix }),
    twoFactor,
    isPreviewPassword: async (candidate) =>
      previewGate.configured &&
      (await derivePreviewDigest(candidate, previewGate.salt, previewGate.iterations)) === previewGate.digest,
  })
  return new Elysia({ name: 'feature:admin' })
    .use(adminRoutes(auth, twoFactor, session, { clientKey, record }))
    .use(adminSecurityRoutes({ auth, twoFactor, sessions, audit, session, clientKey, record, clock }))
}
