import { PAGES } from '../../shared/paths'

/** What the admin gate decided for a page: send the visitor elsewhere, or render it (first, for the administrator). */
export type AdminGateDecision = { redirect: string } | { priority: boolean }

/**
 * The admin screen is only sent to a live session, and the login screen only to visitors without one.
 * Other pages pass without their session being read. A flood of uncached pages fills the render line:
 * the administrator's screen still goes first.
 */
export async function adminGate(path: string, isSignedIn: () => Promise<boolean>): Promise<AdminGateDecision> {
  const page = path.toLowerCase()
  if (page !== PAGES.adminBlog && page !== PAGES.adminLogin) return { priority: false }
  const signedIn = await isSignedIn()
  if (page === PAGES.adminBlog && !signedIn) return { redirect: PAGES.adminLogin }
  if (page === PAGES.adminLogin && signedIn) return { redirect: PAGES.adminBlog }
  return { priority: signedIn }
}
