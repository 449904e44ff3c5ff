import { PAGES } from '../../../shared/paths'

/**
 * Where a sign-in lands: the admin page the person was sent to (an application from a notification
 * email, say), when it is one of ours; the administration otherwise. Never another site.
 */
export function landingAfterLogin(next: string | null): string {
  if (!next || !next.startsWith('/admin/') || next.startsWith('//') || next.startsWith(PAGES.adminLogin))
    return PAGES.adminBlog
  return next
}

/** The login screen, remembering the admin page to come back to. */
export const loginPathFor = (back: string) =>
  back === PAGES.adminBlog ? PAGES.adminLogin : `${PAGES.adminLogin}?next=${encodeURIComponent(back)}`
