import { SESSION_COOKIE } from '../auth/admin-session'
import { readsFromServer } from '../db/replica-client'

type Fetch = (request: Request) => Response | Promise<Response>

const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`)

/**
 * On an embedded replica, a signed-in staff member's requests (and sign-ins) read the server, not the local
 * replica: a session another process just made or ended, and a post another process just saved, must be
 * seen at once, however far this replica's sync has got. Visitors' reads stay local. Without a replica,
 * `fetch` as it is.
 */
export function staffReadTheServer(fetch: Fetch, replica: boolean): Fetch {
  if (!replica) return fetch
  return (request) => {
    const staff =
      SESSION_IN_COOKIES.test(request.headers.get('cookie') ?? '') ||
      new URL(request.url).pathname.startsWith('/api/admin/')
    return staff ? readsFromServer.run(true, () => fetch(request)) : fetch(request)
  }
}
