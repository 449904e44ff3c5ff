import { type Cookie, type DocumentDecoration, Elysia } from 'elysia'
import { can, type Permission, STAFF_MESSAGES, type StaffUser } from '../../shared/staff'
import { NoLongerAllowed, recheckAfterBody } from '../http/after-body'
import { SESSION_ABSOLUTE_MS, type SessionStore, type SignInBasis } from './sessions'

export const SESSION_COOKIE = 'admin_session'

/** Where a route's permission is kept in its hooks (an OpenAPI extension of `detail`), for the role tests. */
export const PERMISSION_DETAIL = 'x-staff-permission'

type Cookies = Record<string, Cookie<unknown>>

/** The one place the staff session cookie is read. */
const tokenOf = (cookie: Cookies): string | undefined => {
  const value = cookie[SESSION_COOKIE]?.value
  return typeof value === 'string' && value !== '' ? value : undefined
}

export interface SignedIn {
  sessionId: number
  user: StaffUser
}

/**
 * Staff sessions as one Elysia plugin. A route declared with `{ staff: permission }` answers 401
 * `{ error }` without a live session, 403 when the person's role lacks the permission (the table in
 * shared/staff.ts), is never cached, and gets `sessionId` and `user` (also in `signedInOf`, for the audit
 * log). `adminSession` starts, ends and reads sessions for the login routes and the admin pages. Made
 * once per app and used by every feature.
 */
export function adminSessionPlugin(
  sessions: SessionStore,
  {
    secureCookies,
    signedInOf,
  }: {
    secureCookies: boolean
    /** Filled with the session each request's transform found (the request is the key: one per request). */
    signedInOf: WeakMap<Request, SignedIn>
  },
) {
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookies }

  const adminSession = {
    current: (cookie: Cookies) => sessions.validate(tokenOf(cookie)),
    isSignedIn: async (cookie: Cookies) => (await sessions.validate(tokenOf(cookie))) !== null,
    /**
     * A fresh token at every login: a token planted before login is never promoted. False, and no session,
     * when the person's sign-in changed since `basis` was read (sessions.ts).
     */
    async start(
      cookie: Cookies,
      staffId: number,
      origin: { clientAddress: string; userAgent: string },
      basis: SignInBasis,
    ): Promise<boolean> {
      const value = await sessions.create(staffId, origin, basis)
      if (value === null) return false
      await sessions.revoke(tokenOf(cookie))
      cookie[SESSION_COOKIE]!.set({ value, ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 })
      await sessions.prune()
      return true
    },
    async end(cookie: Cookies) {
      await sessions.revoke(tokenOf(cookie))
      cookie[SESSION_COOKIE]!.set({ value: '', ...cookieOptions, maxAge: 0 })
    },
  }

  return new Elysia({ name: 'admin-session' }).decorate('adminSession', adminSession).macro({
    staff: (permission: Permission) => ({
      detail: { [PERMISSION_DETAIL]: permission } as DocumentDecoration,
      /**
       * Authentication comes before validation: Elysia checks params, query and body before any
       * beforeHandle or resolve runs, but after transform. A stranger's request is refused here, 401 for
       * every route, whatever its input, and a role without the permission 403; only someone allowed
       * hears what is wrong with the input.
       */
      async transform({ cookie, set, status, request }) {
        set.headers['cache-control'] = 'no-store'
        const found = await sessions.validate(tokenOf(cookie))
        // A status returned by a transform ends the request (Elysia's compose), though its type says void.
        if (found === null) return status(401, { error: STAFF_MESSAGES.authenticationRequired }) as unknown as undefined
        if (!can(found.user.role, permission))
          return status(403, { error: STAFF_MESSAGES.forbidden }) as unknown as undefined
        signedInOf.set(request, found)
        recheckAfterBody(request, async () => {
          const still = await sessions.validate(tokenOf(cookie), { touch: false })
          if (!still) return new NoLongerAllowed(401)
          if (!can(still.user.role, permission)) return new NoLongerAllowed(403)
          // The handler's `user` is this object: its rules read after the body see the role as it is now.
          Object.assign(found.user, still.user)
          return null
        })
      },
      resolve({ request, status }) {
        const found = signedInOf.get(request)
        if (found === undefined) return status(401, { error: STAFF_MESSAGES.authenticationRequired })
        return { sessionId: found.sessionId, user: found.user }
      },
    }),
  })
}

export type AdminSessionPlugin = ReturnType<typeof adminSessionPlugin>
