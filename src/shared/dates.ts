import { UTCDate } from '@date-fns/utc'
import { format } from 'date-fns'

export const DISPLAY_DATE_FORMAT = 'MMMM d, yyyy'
const DAY_MS = 24 * 60 * 60 * 1000
export const NEW_WINDOW_DAYS = 30

/** 'March 4, 2026', always in the site time zone (UTC) so server and browser agree. Throws 'Invalid time value'. */
export function formatDisplayDate(value: string | number | Date): string {
  return format(new UTCDate(typeof value === 'string' ? Date.parse(value) : value), DISPLAY_DATE_FORMAT)
}

/** The NEW badge: published within the last 30 days of `now`. */
export function isNewPost(publishedAt: string | null, now: number): boolean {
  if (!publishedAt) return false
  const age = now - Date.parse(publishedAt)
  return age >= 0 && age < NEW_WINDOW_DAYS * DAY_MS
}
