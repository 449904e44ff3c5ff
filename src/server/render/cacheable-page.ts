import { isSubscriberLinkPath } from '../../shared/newsletter'
import { isDraftLinkPath, PAGES } from '../../shared/paths'

function decodedPath(pathname: string): string {
  if (!pathname.includes('%')) return pathname
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/** Public pages depend only on the URL, the day and the content: everything else is rendered per request. */
export function isCacheablePage(request: Request, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  // Decoded as the router decodes it, so /blog/%70review/… is the draft link it renders, not a public page.
  const path = decodedPath(pathname).toLowerCase()
  // A subscriber's pages carry their secret: one page each, never kept.
  return (
    !path.startsWith(PAGES.admin) && !path.startsWith('/api/') && !isDraftLinkPath(path) && !isSubscriberLinkPath(path)
  )
}
