/**
 * An instant read on a time zone's wall clock, and back, with the platform's Intl time zone data. Numbers
 * only (formatToParts), so the server and the browser print the same text whatever their ICU versions.
 */
export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, found)
  }
  return found
}

/** Whether the platform knows the IANA time zone ("Europe/Berlin", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

export function wallClockOf(instant: number, timeZone: string): WallClock & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  }
}

/** How far the zone's clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000))
}

/**
 * The instant the zone's clock shows `wall`. A time shown twice (the clock going back) is its first showing;
 * a time skipped (the clock going forward) reads on the clock from before, so as the hour after it.
 */
export function instantOf(wall: WallClock, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  const HOUR = 60 * 60 * 1000
  // Every offset the zone has within a day and a half either side (zones run from UTC-12 to UTC+14).
  const candidates = [-36, -12, 0, 12, 36].map((hours) => naive - offsetAt(naive + hours * HOUR, timeZone))
  const shows = (instant: number) => {
    const seen = wallClockOf(instant, timeZone)
    return (
      seen.year === wall.year &&
      seen.month === wall.month &&
      seen.day === wall.day &&
      seen.hour === wall.hour &&
      seen.minute === wall.minute
    )
  }
  return candidates.filter(shows).sort((x, y) => x - y)[0] ?? candidates[0]!
}

/** "2025-09-05T18:30", as a datetime-local input holds it. */
export function localInputOf(instant: number, timeZone: string): string {
  const w = wallClockOf(instant, timeZone)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`
}

/** A datetime-local input's value read on the zone's clock; null when it is not one. */
export function instantOfLocalInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  return instantOf({ year, month, day, hour, minute }, timeZone)
}
