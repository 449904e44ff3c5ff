import { describe, expect, test } from 'bun:test'
import { formatEventDate, isEventPromoted } from './event'
import { type EventSettings, validateEventSettings } from './event-schema'

const valid: EventSettings = {
  title: 'Summer Jam',
  date: '2027-07-14',
  location: 'Pier 9',
  rsvpLabel: 'RSVP via Discord',
  rsvpUrl: 'https://discord.gg/summer',
  description: 'Music and games.\nBring friends.',
  promoteOnHome: true,
}

describe('the event rules (form and API)', () => {
  test('a complete event passes, trimmed', () => {
    expect(validateEventSettings({ ...valid, title: '  Summer Jam  ' })).toEqual({ ok: true, value: valid })
    expect(validateEventSettings({ ...valid, description: '' }).ok).toBe(true)
  })

  test.each([
    [{ title: '   ' }, 'Title is required'],
    [{ location: '' }, 'Location is required'],
    [{ rsvpLabel: '' }, 'RSVP button label is required'],
    [{ date: '2027-02-30' }, 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)'],
    [{ date: 'Sept 5, 2025' }, 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)'],
    [{ date: '0000-01-01' }, 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)'],
    [{ date: '2101-01-01' }, 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)'],
    [{ rsvpUrl: 'javascript:alert(1)' }, 'RSVP link must start with http:// or https://'],
    [{ rsvpUrl: 'https://discord.gg/a b' }, 'RSVP link must start with http:// or https://'],
    [{ title: 'x'.repeat(101) }, 'Title is too long (at most 100 characters)'],
    [{ title: 'a\u0000b' }, 'Title must not contain control characters'],
    [{ promoteOnHome: 'yes' }, 'Promote on the home page has the wrong type'],
    [{ venue: 'x' }, 'Unknown field: venue'],
  ])('%o is refused: %s', (change, message) => {
    expect(validateEventSettings({ ...valid, ...change })).toEqual({ ok: false, error: message })
  })

  test('a missing field is named', () => {
    const { rsvpUrl: _, ...withoutLink } = valid
    expect(validateEventSettings(withoutLink)).toEqual({ ok: false, error: 'RSVP link is required' })
    expect(validateEventSettings(null)).toEqual({ ok: false, error: 'The request body must be a JSON object' })
  })
})

test("dates read as the spec writes them: 'Sept 5, 2025'", () => {
  expect(formatEventDate('2025-09-05')).toBe('Sept 5, 2025')
  expect(formatEventDate('2026-03-01')).toBe('Mar 1, 2026')
  expect(formatEventDate('2026-06-30')).toBe('June 30, 2026')
})

test('the home page promotes the event through its day (UTC), and never when the administrator says not to', () => {
  const day = Date.parse('2027-07-14T00:00:00Z')
  expect(isEventPromoted(valid, day - 1)).toBe(true)
  expect(isEventPromoted(valid, day + 23 * 3600_000)).toBe(true)
  expect(isEventPromoted(valid, day + 24 * 3600_000)).toBe(false)
  expect(isEventPromoted({ ...valid, promoteOnHome: false }, day - 1)).toBe(false)
})
