/**
 * What every answer to a draft link carries, the page and its data alike: not for search engines, not
 * for any cache, and no token in the Referer of what the post links to.
 */
export const DRAFT_LINK_RESPONSE_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
} as const

export const DRAFT_BANNER_TEXT = 'Preview, not published'
