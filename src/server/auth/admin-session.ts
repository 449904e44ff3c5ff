import { type Cookie, Elysia } from 'elysia'
import { SESSION_ABSOLUTE_MS, type SessionStore } from './sessions'

export const SESSION_COOKIE = 'admin_session'

type Cookies = Record<string, Cookie<unknown>>

/** The one place the administrator's session cookie is read. */
const tokenOf = (cookie: Cookies): string | undefined => {
  const value = cookie[SESSION_COOKIE]?.value
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * The administrator's session as one Elysia plugin: routes declared with `{ admin: true }` answer
 * 401 `{ error }` without a live session and are never cached, and get its `sessionId`; `adminSession` starts, ends and checks
 * sessions for the login routes and the admin pages. Made once per app and used by every feature.
 */
export function adminSessionPlugin(sessions: SessionStore, { secureCookies }: { secureCookies: boolean }) {
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookies }

  const adminSession = {
    isSignedIn: async (cookie: Cookies) => (await sessions.validate(tokenOf(cookie))) !== null,
    /** A fresh token at every login: a token planted before login is never promoted. */
    async start(cookie: Cookies, origin: { clientAddress: string; userAgent: string }) {
      await sessions.revoke(tokenOf(cookie))
      const value = await sessions.create(origin)
      cookie[SESSION_COOKIE]!.set({ value, ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 })
      await sessions.prune()
    },
    async end(cookie: Cookies) {
      await sessions.revoke(tokenOf(cookie))
      cookie[SESSION_COOKIE]!.set({ value: '', ...cookieOptions, maxAge: 0 })
    },
  }

  /** The session a request's transform found, for its resolve (the request is the key: one per request). */
  const sessionOf = new WeakMap<Request, number>()

  return new Elysia({ name: 'admin-session' }).decorate('adminSession', adminSession).macro({
    admin: {
      /**
       * Authentication comes before validation: Elysia checks params, query and body before any
       * beforeHandle or resolve runs, but after transform. A stranger's request is refused here, 401 for
       * every route, whatever its input; only a signed-in administrator hears what is wrong with it.
       */
      async transform({ cookie, set, status, request }) {
        set.headers['cache-control'] = 'no-store'
        const sessionId = await sessions.validate(tokenOf(cookie))
        // A status returned by a transform ends the request (Elysia's compose), though its type says void.
        if (sessionId === null) return status(401, { error: 'Authentication required' }) as unknown as undefined
        sessionOf.set(request, sessionId)
      },
      resolve({ request, status }) {
        const sessionId = sessionOf.get(request)
        if (sessionId === undefined) return status(401, { error: 'Authentication required' })
        return { sessionId }
      },
    },
  })
}

export type AdminSessionPlugin = ReturnType<typeof adminSessionPlugin>
