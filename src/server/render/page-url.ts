import { matchRoutes } from 'react-router'
import { type RouteHandle, routes } from '../../app/routes'

/**
 * The URL of the page a request asks for, as the page reads it: the path as requested, and only the
 * query parameters the matched route declares (`RouteHandle.query`), normalized, in the reader's order.
 * `/?utm_source=x&fbclid=y` is `/`, `/blog?q=%20Golf%20&page=3&ref=z` is `/blog?q=Golf`.
 */
export function canonicalPageUrl(url: URL): URL {
  if (!url.search && !url.hash) return url
  const handle = routeHandle(url.pathname)
  // A copy with the query cleared, never a path resolved against the URL: `//other.example/` is a path too.
  const canonical = new URL(url.href)
  canonical.search = ''
  canonical.hash = ''
  for (const [name, value] of handle?.query?.(url.searchParams) ?? []) canonical.searchParams.set(name, value)
  return canonical
}

/** Paths whose matched route is remembered; past this many the memory starts over (junk paths are endless). */
const REMEMBERED_PATHS = 2000
const handles = new Map<string, RouteHandle | undefined>()

/**
 * The handle of the route a path renders. Matching ranks the whole route table (half the CPU of a
 * page-cache hit when it ran per request), and the answer depends only on the path.
 */
function routeHandle(pathname: string): RouteHandle | undefined {
  if (handles.has(pathname)) return handles.get(pathname)
  if (handles.size >= REMEMBERED_PATHS) handles.clear()
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as RouteHandle | undefined
  handles.set(pathname, handle)
  return handle
}
