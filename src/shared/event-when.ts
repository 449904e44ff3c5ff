import { wallClockOf } from './event-time'
import type { SiteEvent } from './events'

/* Apart from events.ts: only the event pages, the admin and the server read the clock (the home page gets the day from the server). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']
const DAY_MS = 24 * 60 * 60 * 1000

const dateText = (w: { year: number; month: number; day: number }) => `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`
const timeText = (w: { hour: number; minute: number }) =>
  `${w.hour % 12 || 12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'AM' : 'PM'}`

/**
 * When, as the page says it on the event's clock: "Sept 5, 2025" for whole days (midnight to midnight), with
 * the times otherwise ("6:00 PM – 11:00 PM (Europe/Berlin)"). The spec writes the day as 'Sept 5, 2025'.
 */
export function eventWhen(event: Pick<SiteEvent, 'startsAt' | 'endsAt' | 'timeZone'>): {
  date: string
  time: string | null
} {
  const start = wallClockOf(Date.parse(event.startsAt), event.timeZone)
  const endInstant = Date.parse(event.endsAt)
  const end = wallClockOf(endInstant, event.timeZone)
  const zone = `(${event.timeZone.replaceAll('_', ' ')})`
  if (start.hour === 0 && start.minute === 0 && end.hour === 0 && end.minute === 0) {
    const lastDay = wallClockOf(endInstant - DAY_MS / 2, event.timeZone)
    const sameDay = lastDay.year === start.year && lastDay.month === start.month && lastDay.day === start.day
    return { date: sameDay ? dateText(start) : `${dateText(start)} – ${dateText(lastDay)}`, time: null }
  }
  // An evening until midnight is one day's.
  const lastDay = wallClockOf(endInstant - 1, event.timeZone)
  const sameDay = lastDay.year === start.year && lastDay.month === start.month && lastDay.day === start.day
  return sameDay
    ? { date: dateText(start), time: `${timeText(start)} – ${timeText(end)} ${zone}` }
    : { date: `${dateText(start)} – ${dateText(lastDay)}`, time: `${timeText(start)} – ${timeText(end)} ${zone}` }
}
