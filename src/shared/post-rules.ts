/** The admin post form's rules (spec §5), shared by the form and the API. */
export const POST_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  tagNameRequired: 'Tag name cannot be empty',
  passwordRequired: 'Password is required',
  invalidPassword: 'Invalid admin password',
} as const

export const POST_LIMITS = { title: 200, slug: 200, excerpt: 1000, featuredImage: 2048, tagName: 60 } as const
/** Posts may embed images as data: URLs, so the body limit is generous. */
export const POST_BODY_LIMIT_BYTES = 2 * 1024 * 1024
export const DATE_ONLY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'
/** Empty, an http(s) URL with a host, or a path on this site. */
export const IMAGE_URL_PATTERN = '^(|https?://[A-Za-z0-9.-]+(:\\d+)?(/\\S*)?|/\\S*)$'

/** Quill leaves `<p><br></p>` in an empty editor: content with no text and no media counts as empty. */
export function isContentEmpty(html: string): boolean {
  if (/<(img|video|iframe)\b/i.test(html)) return false
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === ''
}

/** Today as yyyy-MM-dd in the site time zone (UTC): the default publication date. */
export function todayDateString(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10)
}
