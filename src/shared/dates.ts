export const NEW_WINDOW_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

// Intl keeps the browser bundle small (date-fns' `format` brings every token and a locale);
// the fixed locale and UTC zone make the server and the browser print the same text.
const displayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
})

/** 'MMMM d, yyyy' in the site time zone (UTC), e.g. 'March 4, 2026'. Throws 'Invalid time value' for bad dates. */
export function formatDisplayDate(value: string | number | Date): string {
  const date = new Date(typeof value === 'string' ? Date.parse(value) : value)
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  return displayFormat.format(date)
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** 'MMMM d, yyyy, HH:mm UTC' (where a time matters: when a scheduled post goes live). */
export function formatDisplayDateTime(value: string | number | Date): string {
  return `${formatDisplayDate(value)}, ${timeFormat.format(new Date(typeof value === 'string' ? Date.parse(value) : value))} UTC`
}

/** A post that is published but whose time has not come: it goes live on its own at `publishedAt`. */
export function isScheduled(post: { status: string; publishedAt: string | null }, now: number): boolean {
  return post.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) > now
}

/** The NEW badge: published within the last 30 days of `now`. */
export function isNewPost(publishedAt: string | null, now: number): boolean {
  if (!publishedAt) return false
  const published = Date.parse(publishedAt)
  return published <= now && now - published < NEW_WINDOW_DAYS * DAY_MS
}
