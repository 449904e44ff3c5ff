import { SESSION_COOKIE } from '../auth/admin-session'

/** Any path naming one of these, however spelt or encoded, is a staff path: the admin, its API, the previewer. */
const STAFF_WORDS = ['admin', 'preview']

/** The readiness probes: ready means every request is answered as it will be, so they wait for the check. */
const READINESS = new Set(['/healthz', '/readyz'])

/** The path as the routers will read it: decoded (twice, for `%25xx`), lower-case, `\` and `//` as `/`. */
function readPath(raw: string): string {
  let path = raw
  for (let round = 0; round < 2; round++) {
    try {
      path = decodeURIComponent(path)
    } catch {
      break
    }
  }
  return path
    .toLowerCase()
    .replaceAll('\\', '/')
    .replace(/\/{2,}/g, '/')
}

/**
 * Whether a request must wait for the start's password check (main.ts). Only what a visitor does is
 * answered before it ends: a read (GET or HEAD) that carries no session, in any spelling of the cookie, of a
 * path that names no staff page. Everything else waits: a session a changed ADMIN_PASSWORD signs out, a staff
 * page whose answer the check may change (a previewer gate derived from a PREVIEW_PASSWORD found to be the
 * administrator's stops the start), a write the stopping process would cut, a readiness probe.
 */
export function waitsForPasswordCheck(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true
  if (request.headers.get('cookie')?.includes(SESSION_COOKIE)) return true
  const url = URL.parse(request.url)
  if (!url) return true
  const path = readPath(url.pathname)
  return READINESS.has(path) || STAFF_WORDS.some((word) => path.includes(word))
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
