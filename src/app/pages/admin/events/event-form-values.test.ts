import { describe, expect, test } from 'bun:test'
import { EVENT_INPUT_MESSAGES, eventInputProblem } from '../../../../shared/event-input'
import type { SiteEvent } from '../../../../shared/events'
import { eventFormValues, eventInputOf, timeZoneChoices, whenItReads } from './event-form-values'

const summerJam: SiteEvent = {
  id: 4,
  slug: 'summer-jam',
  title: 'Summer Jam',
  startsAt: '2027-07-14T22:00:00.000Z',
  endsAt: '2027-07-15T03:00:00.000Z',
  timeZone: 'America/New_York',
  place: 'Pier 9',
  description: 'Music on the pier.',
  rsvpLabel: 'Reply',
  rsvpUrl: 'https://forum.example.com/summer-jam',
  coverImage: '/media/pier.webp',
  visibility: 'unlisted',
  promoteOnHome: false,
  updatedAt: '2027-01-01T00:00:00.000Z',
  when: { date: 'July 14, 2027', time: '6:00 PM – 11:00 PM (America/New York)' },
}

/** A new event's form with its times typed in `timeZone`. */
const typed = (startsAt: string, endsAt: string, timeZone: string) => ({
  ...eventFormValues(null, timeZone),
  title: 'New Year',
  startsAt,
  endsAt,
})

describe('the event form’s values', () => {
  test('a new event starts on the browser’s clock, public and promoted, its times empty', () => {
    expect(eventFormValues(null, 'Asia/Tokyo')).toMatchObject({
      timeZone: 'Asia/Tokyo',
      startsAt: '',
      endsAt: '',
      visibility: 'public',
      promoteOnHome: true,
    })
  })

  test('a saved event shows its times on its own clock, and saved unchanged is sent as it was stored', () => {
    const values = eventFormValues(summerJam, 'Europe/Berlin')
    expect(values).toMatchObject({ startsAt: '2027-07-14T18:00', endsAt: '2027-07-14T23:00' })
    const { id: _id, updatedAt: _updatedAt, when: _when, ...stored } = summerJam
    expect(eventInputOf(values)).toEqual(stored)
    expect(eventInputProblem(eventInputOf(values))).toBeNull()
  })

  test('the times are read on the chosen zone’s clock, not the browser’s', () => {
    expect(eventInputOf(typed('2026-12-31T20:00', '2026-12-31T23:30', 'Europe/Berlin'))).toMatchObject({
      startsAt: '2026-12-31T19:00:00.000Z',
      endsAt: '2026-12-31T22:30:00.000Z',
    })
    // Another zone keeps what the clock says and so moves the instant.
    expect(eventInputOf(typed('2026-12-31T20:00', '2026-12-31T23:30', 'Asia/Tokyo')).startsAt).toBe(
      '2026-12-31T11:00:00.000Z',
    )
    expect(eventInputOf(typed('2026-12-31T20:00', '2026-12-31T23:30', 'UTC')).startsAt).toBe('2026-12-31T20:00:00.000Z')
  })

  test('across a clock change each side has its own offset, and a skipped time reads as the hour after it', () => {
    // Berlin goes from 02:00 CET to 03:00 CEST on 29 March 2026.
    const night = (startsAt: string) => eventInputOf(typed(startsAt, '2026-03-29T06:00', 'Europe/Berlin'))
    expect(night('2026-03-29T01:59').startsAt).toBe('2026-03-29T00:59:00.000Z')
    expect(night('2026-03-29T03:00').startsAt).toBe('2026-03-29T01:00:00.000Z')
    expect(night('2026-03-29T02:30').startsAt).toBe('2026-03-29T01:30:00.000Z')
    expect(night('2026-03-29T02:30').endsAt).toBe('2026-03-29T04:00:00.000Z')
  })

  test('a time not filled in, or half filled, is sent as none and named at its field', () => {
    const input = eventInputOf(typed('', '2026-12-31T2', 'Europe/Berlin'))
    expect(input).toMatchObject({ startsAt: '', endsAt: '' })
    expect(eventInputProblem(input)).toEqual({ field: 'startsAt', error: EVENT_INPUT_MESSAGES.time('Starts') })
  })

  test('a saved zone this browser does not know opens the form and is named at its field', () => {
    const values = eventFormValues({ ...summerJam, timeZone: 'Mars/Olympus_Mons' }, 'UTC')
    expect(values.startsAt).toBe('2027-07-14T22:00')
    expect(eventInputProblem(eventInputOf(values))).toEqual({
      field: 'timeZone',
      error: EVENT_INPUT_MESSAGES.timeZone,
    })
    expect(whenItReads(eventInputOf(values))).toBeNull()
    expect(timeZoneChoices('Mars/Olympus_Mons').slice(0, 1)).toEqual(['Mars/Olympus_Mons'])
  })

  test('the zone list holds UTC and every IANA zone once', () => {
    const zones = timeZoneChoices('Europe/Berlin')
    expect(zones).toContain('UTC')
    expect(zones).toContain('America/New_York')
    expect(new Set(zones).size).toBe(zones.length)
  })

  test('the form says back when the event is, as its page will', () => {
    expect(whenItReads(eventInputOf(typed('2026-12-31T20:00', '2026-12-31T23:30', 'Europe/Berlin')))).toBe(
      'Dec 31, 2026, 8:00 PM – 11:30 PM (Europe/Berlin)',
    )
    expect(whenItReads(eventInputOf(typed('2026-12-31T00:00', '2027-01-01T00:00', 'Europe/Berlin')))).toBe(
      'Dec 31, 2026',
    )
    expect(whenItReads(eventInputOf(typed('2026-12-31T20:00', '', 'Europe/Berlin')))).toBeNull()
  })
})
