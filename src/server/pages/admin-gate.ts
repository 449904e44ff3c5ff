import { landingAfterLogin, loginPathFor, PAGES } from '../../shared/paths'

/** What the admin gate decided for a page: send the visitor elsewhere, or render it (first, for the administrator). */
export type AdminGateDecision = { redirect: string } | { priority: boolean }

/**
 * The admin screen is only sent to a live session, and the login screen only to visitors without one.
 * Other pages pass without their session being read. A flood of uncached pages fills the render line:
 * the administrator's screen still goes first.
 */
export async function adminGate(
  path: string,
  isSignedIn: () => Promise<boolean>,
  query: URLSearchParams = new URLSearchParams(),
): Promise<AdminGateDecision> {
  const page = path.toLowerCase()
  if (page !== PAGES.adminBlog && page !== PAGES.adminLogin) return { priority: false }
  const signedIn = await isSignedIn()
  // A link into the admin (an application from an email) is where the person lands after signing in.
  const search = query.size > 0 ? `?${query}` : ''
  if (page === PAGES.adminBlog && !signedIn) return { redirect: loginPathFor(`${PAGES.adminBlog}${search}`) }
  if (page === PAGES.adminLogin && signedIn) return { redirect: landingAfterLogin(query.get('next')) }
  return { priority: signedIn }
}
