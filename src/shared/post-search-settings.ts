/**
 * A post's own search and share settings (Ghost's "Meta data", "X card" and "Facebook card"). Each is
 * optional and an empty one means the site's default: search fields fall back to what every post
 * shows, share fields to the search fields.
 */
export interface PostSearchSettings {
  metaTitle: string
  metaDescription: string
  /** An absolute http(s) address when the post first appeared elsewhere; empty: the post's own address. */
  canonicalUrl: string
  /** Asks search engines not to list the post, and leaves it out of the sitemap. */
  noindex: boolean
  /** Like a featured image: an upload of this site or an http(s) address. Empty: the featured image. */
  shareImage: string
  shareTitle: string
  shareDescription: string
}

export type SearchSettingField = keyof PostSearchSettings

export const SEARCH_SETTING_FIELDS = [
  'metaTitle',
  'metaDescription',
  'canonicalUrl',
  'noindex',
  'shareImage',
  'shareTitle',
  'shareDescription',
] as const satisfies readonly SearchSettingField[]

export const EMPTY_SEARCH_SETTINGS: PostSearchSettings = {
  metaTitle: '',
  metaDescription: '',
  canonicalUrl: '',
  noindex: false,
  shareImage: '',
  shareTitle: '',
  shareDescription: '',
}

/** What the API stores at most. */
export const SEARCH_SETTING_LIMITS = {
  metaTitle: 300,
  metaDescription: 500,
  canonicalUrl: 2048,
  shareImage: 2048,
  shareTitle: 300,
  shareDescription: 500,
} as const

/**
 * Where results and cards usually cut text off (Google: about 60 characters of a title, 160 of a
 * description; X and Discord: about 70 and 200): the form counts towards these and says when a text is past them.
 */
export const SEARCH_SETTING_ADVICE = {
  metaTitle: 60,
  metaDescription: 160,
  shareTitle: 70,
  shareDescription: 200,
} as const

export const SEARCH_SETTING_LABELS: Record<SearchSettingField, string> = {
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  canonicalUrl: 'Canonical URL',
  noindex: 'Hide from search engines',
  shareImage: 'Share image URL',
  shareTitle: 'Share title',
  shareDescription: 'Share description',
}

/** An absolute http(s) address with a host, or empty. */
export const CANONICAL_URL_PATTERN = '^(|https?://[A-Za-z0-9.-]+(:\\d+)?(/\\S*)?)$'

export const SEARCH_SETTING_RULES = {
  canonicalUrl: 'Canonical URL must be an http(s) address',
  shareImage: 'Share image URL must be an http(s) address or a path on this site',
  noindex: 'Hide from search engines must be true or false',
} as const

/**
 * Whether a canonical URL that passed the pattern is an address a search engine can follow: it parses, and
 * its host is a name with a dot (or localhost), not `-` or `.`.
 */
export function isCanonicalUrl(value: string): boolean {
  if (value === '') return true
  try {
    const { hostname } = new URL(value)
    return hostname === 'localhost' || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hostname)
  } catch {
    return false
  }
}

/**
 * The settings a payload sets, as they are stored: trimmed, descriptions on one line. Fields left out
 * stay out, so a client that knows only the spec's fields keeps what the post has.
 */
export function searchSettingsOf(input: Partial<PostSearchSettings>): Partial<PostSearchSettings> {
  const settings: Partial<Record<SearchSettingField, string | boolean>> = {}
  for (const field of SEARCH_SETTING_FIELDS) {
    const value = input[field]
    if (value === undefined) continue
    settings[field] = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value
  }
  return settings as Partial<PostSearchSettings>
}
