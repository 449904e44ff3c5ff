import { PAGES } from '../../shared/paths'
import { SESSION_COOKIE } from '../auth/admin-session'

/** Paths whose answer depends on the stored password: the admin (login, API) and the previewer's gate. */
const STAFF_PATHS = ['/admin', '/api/admin', PAGES.previewer, '/api/previewer']

/**
 * Whether a request must wait for the start's password check (main.ts): it carries a session, which a
 * changed ADMIN_PASSWORD signs out, or it asks for a staff page, whose answer the check may still change
 * (a previewer gate derived from a PREVIEW_PASSWORD found to be the admin's stops the start). Visitors
 * are answered without waiting for an argon2 hash they do not need.
 */
export function waitsForPasswordCheck(request: Request): boolean {
  if (request.headers.get('cookie')?.includes(`${SESSION_COOKIE}=`)) return true
  const path = new URL(request.url).pathname.toLowerCase()
  return STAFF_PATHS.some((staff) => path === staff || path.startsWith(`${staff}/`))
}

/**
 * `fetch` held, for the requests above, until `checked` has settled. Once it has, every request goes
 * straight through. A failed check stops the process (main.ts), so held requests are never answered.
 */
export function holdUntilPasswordChecked(
  fetch: (request: Request) => Response | Promise<Response>,
  checked: Promise<unknown>,
): (request: Request) => Response | Promise<Response> {
  let settled = false
  void checked.then(
    () => {
      settled = true
    },
    () => {},
  )
  return (request) => (settled || !waitsForPasswordCheck(request) ? fetch(request) : checked.then(() => fetch(request)))
}
