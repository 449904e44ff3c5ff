import { matchRoutes } from 'react-router'
import { type RouteHandle, routes } from '../../app/routes'

/**
 * The URL of the page a request asks for, as the page reads it: the path as requested, and only the
 * query parameters the matched route declares (`RouteHandle.query`), normalized, in the reader's order.
 * `/?utm_source=x&fbclid=y` is `/`, `/blog?q=%20Golf%20&page=3&ref=z` is `/blog?q=Golf`.
 */
export function canonicalPageUrl(url: URL): URL {
  const handle = matchRoutes(routes, url.pathname)?.at(-1)?.route.handle as RouteHandle | undefined
  // A copy with the query cleared, never a path resolved against the URL: `//other.example/` is a path too.
  const canonical = new URL(url.href)
  canonical.search = ''
  canonical.hash = ''
  for (const [name, value] of handle?.query?.(url.searchParams) ?? []) canonical.searchParams.set(name, value)
  return canonical
}
