import { FIELD_MESSAGES } from './field-messages'
import { MEDIA_UPLOAD_LIMIT_BYTES } from './media'

/**
 * The admin post form's rules (spec §5), shared by the form and the API. The spec's 'Title is required',
 * 'Content is required' and 'Password is required' are the shared wording of a missing field.
 */
export const POST_MESSAGES = {
  titleRequired: FIELD_MESSAGES.required('Title'),
  contentRequired: FIELD_MESSAGES.required('Content'),
  tagNameRequired: 'Tag name cannot be empty',
  notFound: 'Post not found',
  unknownTags: (ids: number[]) => `Unknown tag id: ${ids.join(', ')}`,
  passwordRequired: FIELD_MESSAGES.required('Password'),
  invalidPassword: 'Invalid admin password',
  publishedAtRule: 'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
} as const

/** The slot an image fills in a post's column: the `sizes` of post images. */
export const POST_IMAGE_SIZES = '(max-width: 800px) calc(100vw - 2rem), 768px'
/**
 * The slot of a picture in a gallery's grid (post-cards.css: cells of at least 12rem across the column):
 * the column on a phone, half of it on a small screen, a third of it (250px) beyond.
 */
export const POST_GALLERY_IMAGE_SIZES =
  '(max-width: 440px) calc(100vw - 2rem), (max-width: 800px) calc(50vw - 1.25rem), 250px'

export const POST_LIMITS = { title: 200, slug: 200, excerpt: 1000, featuredImage: 2048, tagName: 60 } as const
/**
 * A pasted post may still carry an image as a data: URL (stored as an upload on save), so a post may be
 * as large as the largest upload in base64 plus its text.
 */
export const POST_BODY_LIMIT_BYTES = Math.ceil((MEDIA_UPLOAD_LIMIT_BYTES * 4) / 3) + 1024 * 1024
/** A publication date (yyyy-MM-dd), or a date and time (ISO 8601; UTC, the site's zone, unless it says otherwise). */
export const PUBLISHED_AT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$'

/**
 * The moment a post goes public. A date alone means now when it is today (so the post sorts first) and
 * 00:00 in the site's time zone (UTC) on any other day; a date and time is that instant. Null for a day or a
 * time that does not exist (2026-02-31, 24:00).
 */
export function publicationTime(value: string | null | undefined, now: number): Date | null {
  const today = todayDateString(now)
  const text = value || today
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction, zone] =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(text) ?? []
  if (!year) return null
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  if (calendar.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null
  if (text === today) return new Date(now)
  const moment = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction ?? ''}${zone ?? 'Z'}`)
  // An offset out of range (+99:99, +24:00) makes no instant at all.
  return Number.isNaN(moment.getTime()) ? null : moment
}
/**
 * Empty, an http(s) URL with a host, or a path on this site: one slash, then anything but a second
 * slash or a backslash (browsers read `//host/a.jpg` and `/\host/a.jpg` as another site).
 */
export const IMAGE_URL_PATTERN = '^(|https?://[A-Za-z0-9.-]+(:\\d+)?(/\\S*)?|/(?![/\\\\])\\S*)$'

/** Fields of a post that are written over several lines (the editor's HTML and the text areas). */
export const POST_MULTILINE_FIELDS = ['content', 'excerpt', 'metaDescription', 'shareDescription'] as const

/**
 * Quill leaves `<p><br></p>` in an empty editor: content with no text and no media (a picture, a player
 * with an address) counts as empty. The API judges the HTML after sanitizing, so `<script>x</script>`
 * (which sanitizes to nothing) is as empty as a blank editor.
 */
export function isContentEmpty(html: string): boolean {
  if (/<(img|video|iframe|source)\b[^>]*\ssrc\s*=\s*["']?[^\s"'>]/i.test(html)) return false
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s|[\u200b-\u200d\u2060\ufeff]/g, '') === ''
}

/** Today as yyyy-MM-dd in the site time zone (UTC): the default publication date. */
export function todayDateString(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10)
}
