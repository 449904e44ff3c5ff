/**
 * A picture a page shows by address (an event's cover, the default share image): an https address, as the
 * pages' security policy loads no other (`img-src … https:`), or a path on this site. One rule for both forms.
 */
export const SITE_IMAGE_PATTERN = '^(|https://[A-Za-z0-9.-]+(:\\d+)?(/\\S*)?|/(?![/\\\\])[^\\s\\\\]*)$'

/** A path on this site ("/media/…"), never another site's ("//…") or a backslash trick ("/\…"). */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/

export const SITE_IMAGE_RULE = (label: string) =>
  `${label} must be a web address starting with https:// or a path on this site starting with /`
