import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import type { PasskeyRegistration } from '../../auth/passkey-registration'
import { createRateLimit } from '../../http/rate-limit'
import type { Invitations } from './invitations'
import { PASSWORD_RESET_LIMIT, passwordResetRoutes } from './password-reset-routes'
import type { PasswordResets } from './password-resets'
import { staffRoutes } from './routes'
import type { StaffService } from './service'

/** The staff feature: the list, invitations, role and state changes, removal, profiles and "forgot password". */
export function staffPlugin(
  { db, session, record, clientKey }: FeatureDeps,
  {
    people,
    invitations,
    resets,
    registration,
    isPreviewerPassword,
    recentlySignedIn,
    ipv6Prefix,
  }: {
    registration: PasskeyRegistration
    people: StaffService
    invitations: Invitations
    resets: PasswordResets
    isPreviewerPassword: (candidate: string) => Promise<boolean>
    recentlySignedIn: (sessionId: number, staffId: number) => Promise<boolean>
    ipv6Prefix?: number
  },
) {
  const limit = createRateLimit(db, 'password-reset', PASSWORD_RESET_LIMIT, { ipv6Prefix })
  return new Elysia({ name: 'feature:staff' })
    .use(
      staffRoutes(people, invitations, session, {
        record,
        clientKey,
        isPreviewerPassword,
        registration,
        recentlySignedIn,
      }),
    )
    .use(passwordResetRoutes(resets, { limit, clientKey, record, isPreviewerPassword }))
}
