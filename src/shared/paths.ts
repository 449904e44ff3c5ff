/** Every page URL of the site is built here: links, redirects, forms, canonical URLs, feeds and the sitemap. */
export const PAGES = {
  home: '/',
  /** Redirects to the administration; every admin screen is under it. */
  admin: '/admin',
  event: '/rdc25',
  blog: '/blog',
  jobs: '/jobs',
  /** The notice applicants read before they apply: what happens to their data, and for how long. */
  privacy: '/privacy',
  previewer: '/blog-preview',
  adminLogin: '/admin/login',
  adminBlog: '/admin/blog',
  /** "Forgot password": asks for a link by email; the link is this path and its token. */
  passwordReset: '/admin/reset',
} as const

/** The blog's RSS feed; every page names it in its head so feed readers find it. */
export const SITE_FEED_PATH = '/rss.xml'

export const postPath = (slug: string) => `${PAGES.blog}/${slug}`

/**
 * A post's draft link: its secret URL (drafts and scheduled posts as they will look), still under
 * /blog/preview/ as first shared; never cached or listed.
 */
export const draftLinkPath = (token: string) => `${PAGES.blog}/preview/${token}`
export const isDraftLinkPath = (path: string) => path.toLowerCase().startsWith(`${PAGES.blog}/preview/`)

/** A tag's page: the public posts carrying it, newest first; page 1 is the tag's own address. */
export const tagPath = (slug: string) => `${PAGES.blog}/tag/${slug}`
export const tagPagePath = (slug: string, page: number) => (page <= 1 ? tagPath(slug) : `${tagPath(slug)}?page=${page}`)
export const tagFeedPath = (slug: string) => `${tagPath(slug)}/rss.xml`

/** An author's page: their public posts, newest first, with their bio; page 1 is its own address. */
export const authorPath = (slug: string) => `${PAGES.blog}/author/${slug}`
export const authorPagePath = (slug: string, page: number) =>
  page <= 1 ? authorPath(slug) : `${authorPath(slug)}?page=${page}`
export const authorFeedPath = (slug: string) => `${authorPath(slug)}/rss.xml`

export const jobPath = (slug: string) => `${PAGES.jobs}/${slug}`

/**
 * Where a sign-in lands: the admin page the person was sent to (an application from a notification
 * email, say), when it is one of ours; the administration otherwise. Never another site.
 */
export function landingAfterLogin(next: string | null | undefined): string {
  const ours = next?.startsWith('/admin/') && !next.toLowerCase().startsWith(PAGES.adminLogin)
  return ours ? next! : PAGES.adminBlog
}

/** The login screen, remembering the admin page to come back to. */
export const loginPathFor = (back: string) =>
  back === PAGES.adminBlog ? PAGES.adminLogin : `${PAGES.adminLogin}?next=${encodeURIComponent(back)}`

export const passwordResetPath = (token: string) => `${PAGES.passwordReset}/${token}`

/** An invitation to join the staff: its single-use link. */
export const invitationPath = (token: string) => `/admin/invitation/${token}`

/** One application opened in the admin: the link in the hiring team's email. */
export const adminApplicationPath = (id: number) => `${PAGES.adminBlog}?application=${id}`

/** Page 1 is the blog itself, so every page has exactly one URL. */
export const blogPagePath = (page: number) => (page <= 1 ? PAGES.blog : `${PAGES.blog}?page=${page}`)

export const blogSearchPath = (query: string) => `${PAGES.blog}?q=${encodeURIComponent(query)}`

/** The jobs list, filtered to one department or not at all. */
export const jobsPath = (department: string | null) =>
  department ? `${PAGES.jobs}?department=${encodeURIComponent(department)}` : PAGES.jobs
