/**
 * The API anyone may call, without a staff session. Every other `/api` route must name its permission
 * (`{ staff: permission }`): the role tests walk the app's routes and fail on one that does neither.
 */
export const PUBLIC_API = new Set([
  'GET /api/blog',
  'GET /api/blog/featured',
  'GET /api/blog/tag/:slug',
  'GET /api/blog/author/:slug',
  'GET /api/event',
  'GET /api/blog/search',
  'GET /api/blog/slug/:slug',
  'GET /api/blog/slug/:slug/related',
  'GET /api/blog/draft-links/:token',
  'GET /api/previewer/gate',
  'GET /api/jobs',
  'GET /api/jobs/:slug',
  'POST /api/job-applications',
  'GET /api/careers/privacy',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'POST /api/admin/passkey-login/options',
  'POST /api/admin/passkey-login',
  'GET /api/admin/invitations/:token',
  'POST /api/admin/password-reset',
  'GET /api/admin/password-reset/:token',
  'POST /api/admin/password-reset/:token',
  'POST /api/admin/invitations/:token/accept',
  'POST /api/admin/invitations/:token/passkey-options',
])
