import { Elysia } from 'elysia'
import { SESSION_COOKIE, type SessionStore } from './sessions'

/**
 * Routes added to the returned instance answer 401 `{ error }` without a live administrator session,
 * and are never cached.
 */
export function adminOnly(sessions: SessionStore, name: string) {
  return new Elysia({ name }).onBeforeHandle(async ({ cookie, set, status }) => {
    set.headers['cache-control'] = 'no-store'
    const token = cookie[SESSION_COOKIE]?.value
    if (!(await sessions.validate(typeof token === 'string' ? token : undefined))) {
      return status(401, { error: 'Authentication required' })
    }
  })
}
