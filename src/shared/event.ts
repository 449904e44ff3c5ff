import type { EventSettings } from './event-schema'

export type { EventSettings } from './event-schema'

const DAY_MS = 24 * 60 * 60 * 1000
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** The event's day as the spec writes it: 'Sept 5, 2025'. */
export function formatEventDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`
}

/** The home page promotes the event while the administrator wants it and its day (UTC) has not ended. */
export function isEventPromoted(event: EventSettings, now: number): boolean {
  return event.promoteOnHome && now < Date.parse(`${event.date}T00:00:00Z`) + DAY_MS
}
