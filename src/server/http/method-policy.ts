import { PAGES } from '../../shared/paths'
import { jsonError } from './json-body'

/** A route as the app lists it (`app.routes`). */
interface RouteLike {
  method: string
  path: string
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
/** The catch-alls that answer pages and files: the policy below says what they allow. */
const CATCH_ALL = '/*'
/** The pages that take a form post: a job's page (the application form without JavaScript). */
const FORM_PAGE = new RegExp(`^${PAGES.jobs}/[^/]+/?$`, 'i')

export const takesFormPost = (path: string) => FORM_PAGE.test(path)

/** Elysia's path syntax as a regular expression: `:name` is one segment, `*` the rest, a trailing slash optional. */
function matcher(path: string): RegExp {
  const pattern = path
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[^/]+/g, '[^/]+')
    .replace(/\*/g, '.*')
  return new RegExp(`^${pattern.replace(/\/$/, '')}/?$`)
}

/**
 * One rule for methods a path does not take, everywhere: an API path no route answers is 404; any
 * other path answers 405 with `Allow` naming what it takes (RFC 9110 §15.5.6), and OPTIONS 204 with the
 * same `Allow`. API routes take what they declare; pages and public files take GET and HEAD, and a
 * job's page POST too. The body is the site's JSON `{ error }`: only scripts send these methods, since
 * a browser navigates with GET and posts only the forms the pages themselves contain.
 */
export function createMethodPolicy(routes: () => readonly RouteLike[]) {
  let compiled: { method: string; test: RegExp; fixed: boolean }[] = []
  let compiledFrom: readonly RouteLike[] | null = null
  let compiledCount = 0

  function declared(): { method: string; test: RegExp; fixed: boolean }[] {
    const list = routes()
    // Routes are added while the app is built (and by tests afterwards): compile again when they change.
    if (list !== compiledFrom || list.length !== compiledCount) {
      compiled = list
        .filter((route) => route.path !== CATCH_ALL && route.method !== 'ALL')
        .map((route) => ({ method: route.method, test: matcher(route.path), fixed: !/[:*]/.test(route.path) }))
      compiledFrom = list
      compiledCount = list.length
    }
    return compiled
  }

  function allowed(path: string): string[] {
    const methods = new Set<string>()
    const matching = declared().filter((route) => route.test.test(path))
    // As in the router, a path written out (`/api/blog/featured`) wins over a pattern (`/api/blog/:id`).
    const fixed = matching.filter((route) => route.fixed)
    for (const route of fixed.length > 0 ? fixed : matching) methods.add(route.method)
    if (!path.startsWith('/api/')) methods.add('GET')
    if (takesFormPost(path)) methods.add('POST')
    if (methods.has('GET')) methods.add('HEAD')
    if (methods.size > 0) methods.add('OPTIONS')
    return ORDER.filter((method) => methods.has(method))
  }

  return {
    allowed,
    /** The answer to a method `path` does not take. */
    refuse(request: Request, path: string): Response {
      const allow = allowed(path)
      if (allow.length === 0) return jsonError(404, 'Not found')
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow: allow.join(', ') } })
      return jsonError(405, 'Method not allowed', { allow: allow.join(', ') })
    },
  }
}
