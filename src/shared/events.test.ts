import { expect, test } from 'bun:test'
import { nextPromotedEvent } from './event-promotion'
import { instantOf, instantOfLocalInput, localInputOf } from './event-time'
import { eventWhen } from './event-when'
import { eventPhase, isPromotable, type SiteEvent } from './events'

const event = (change: Partial<SiteEvent>): SiteEvent => ({
  id: 2,
  slug: 'jam',
  title: 'Jam',
  startsAt: '2027-04-10T16:00:00.000Z',
  endsAt: '2027-04-10T20:00:00.000Z',
  timeZone: 'Europe/Berlin',
  place: '',
  description: '',
  rsvpLabel: '',
  rsvpUrl: '',
  coverImage: '',
  visibility: 'public',
  promoteOnHome: true,
  updatedAt: '2027-01-01T00:00:00.000Z',
  when: { date: '', time: null },
  ...change,
})

test("an event's time reads on its own clock, with its zone; whole days as dates alone", () => {
  expect(eventWhen(event({}))).toEqual({ date: 'Apr 10, 2027', time: '6:00 PM – 10:00 PM (Europe/Berlin)' })
  expect(eventWhen(event({ timeZone: 'America/New_York' }))).toEqual({
    date: 'Apr 10, 2027',
    time: '12:00 PM – 4:00 PM (America/New York)',
  })
  // The spec's event: one whole day in UTC.
  expect(
    eventWhen(event({ startsAt: '2025-09-05T00:00:00.000Z', endsAt: '2025-09-06T00:00:00.000Z', timeZone: 'UTC' })),
  ).toEqual({ date: 'Sept 5, 2025', time: null })
  expect(
    eventWhen(event({ startsAt: '2025-09-05T00:00:00.000Z', endsAt: '2025-09-07T00:00:00.000Z', timeZone: 'UTC' })),
  ).toEqual({ date: 'Sept 5, 2025 – Sept 6, 2025', time: null })
  // Over midnight: both days.
  expect(eventWhen(event({ endsAt: '2027-04-11T01:00:00.000Z' })).date).toBe('Apr 10, 2027 – Apr 11, 2027')
})

test('wall clock and instant round-trip across a clock change', () => {
  // Berlin moves from UTC+1 to UTC+2 on 28 March 2027 at 02:00.
  expect(
    new Date(instantOf({ year: 2027, month: 3, day: 27, hour: 20, minute: 0 }, 'Europe/Berlin')).toISOString(),
  ).toBe('2027-03-27T19:00:00.000Z')
  expect(
    new Date(instantOf({ year: 2027, month: 3, day: 28, hour: 20, minute: 0 }, 'Europe/Berlin')).toISOString(),
  ).toBe('2027-03-28T18:00:00.000Z')
  const instant = Date.parse('2027-10-31T00:30:00Z')
  expect(instantOfLocalInput(localInputOf(instant, 'Europe/Berlin'), 'Europe/Berlin')).toBe(instant)
  expect(instantOfLocalInput('not a time', 'UTC')).toBeNull()
})

test('phases turn at the start and at the end; the home page promotes the soonest public event not over', () => {
  const jam = event({})
  expect(eventPhase(jam, Date.parse(jam.startsAt) - 1)).toBe('upcoming')
  expect(eventPhase(jam, Date.parse(jam.startsAt))).toBe('live')
  expect(eventPhase(jam, Date.parse(jam.endsAt))).toBe('ended')
  const later = event({ id: 3, startsAt: '2027-05-01T16:00:00.000Z', endsAt: '2027-05-01T20:00:00.000Z' })
  const unlisted = event({
    id: 4,
    startsAt: '2027-04-01T16:00:00.000Z',
    endsAt: '2027-04-01T20:00:00.000Z',
    visibility: 'unlisted',
  })
  const quiet = event({
    id: 5,
    startsAt: '2027-04-02T16:00:00.000Z',
    endsAt: '2027-04-02T20:00:00.000Z',
    promoteOnHome: false,
  })
  const events = [later, jam, unlisted, quiet]
  expect(nextPromotedEvent(events.filter(isPromotable), Date.parse('2027-03-01T00:00:00Z'))?.id).toBe(jam.id)
  expect(nextPromotedEvent(events.filter(isPromotable), Date.parse('2027-04-10T19:00:00Z'))?.id).toBe(jam.id)
  expect(nextPromotedEvent(events.filter(isPromotable), Date.parse('2027-04-10T20:00:00Z'))?.id).toBe(later.id)
  expect(nextPromotedEvent(events.filter(isPromotable), Date.parse('2027-06-01T00:00:00Z'))).toBeNull()
})
