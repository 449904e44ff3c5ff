import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { desc } from 'drizzle-orm'
import ICAL from 'ical.js'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites } from '../../../../tests/support/another-process-writes'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AuditEvent } from '../../../shared/admin-security'
import { EVENT_INPUT_MESSAGES, type EventInput } from '../../../shared/event-input'
import type { SiteEvent } from '../../../shared/events'
import { SITE_IMAGE_RULE } from '../../../shared/site-image'
import { contentChanges } from '../../db/schema'

let now = Date.parse('2027-03-01T12:00:00Z')
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: () => now, seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const html = async (path: string) => (await t.request(path)).text()
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
const jam: EventInput = {
  title: 'Spring Game Jam',
  slug: '',
  startsAt: '2027-04-10T16:00:00.000Z',
  endsAt: '2027-04-10T22:00:00.000Z',
  timeZone: 'Europe/Berlin',
  place: 'Kindlewave Loft, Berlin',
  description: 'Forty-eight hours of games, pizza and friends.',
  rsvpLabel: 'Sign up on Discord',
  rsvpUrl: 'https://discord.gg/kindlewave-jam',
  coverImage: '',
  visibility: 'public',
}
let created: SiteEvent

describe('a second event, before, during and after', () => {
  test('added by an administrator: its page, its calendar file, its structured data, promoted on the home page', async () => {
    await html('/')
    const res = await admin.request('POST', '/api/admin/events', jam)
    expect(res.status).toBe(201)
    created = (await res.json()) as SiteEvent
    expect(created).toMatchObject({ slug: 'spring-game-jam', startsAt: jam.startsAt, promoteOnHome: true })

    const page = await html('/events/spring-game-jam')
    expect(page).toContain('<h1 class="event__title">Spring Game Jam</h1>')
    // On its own clock: 16:00 UTC is 6 PM in Berlin in April.
    expect(page).toContain('<dd>Apr 10, 2027</dd>')
    expect(page).toContain('<dd>6:00 PM – 12:00 AM (Europe/Berlin)</dd>')
    expect(page).toContain('href="https://discord.gg/kindlewave-jam"')
    expect(page).toContain('<link rel="alternate" type="text/calendar" href="/events/spring-game-jam/calendar.ics"')
    expect(page).toContain('Add to calendar')
    expect(page).not.toContain('noindex')
    const [ld] = jsonLd(page)
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Spring Game Jam',
      description: jam.description,
      startDate: jam.startsAt,
      endDate: jam.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: jam.place, address: jam.place },
      image: ['http://localhost/event/party-bg.webp'],
      url: 'http://localhost/events/spring-game-jam',
      organizer: { '@type': 'Organization', name: 'Kindlewave Studios', url: 'http://localhost/' },
    })
    for (const date of [ld.startDate, ld.endDate]) expect(new Date(date).toISOString()).toBe(date)

    const file = await t.request('/events/spring-game-jam/calendar.ics')
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const vevent = new ICAL.Component(ICAL.parse(await file.text())).getFirstSubcomponent('vevent')!
    const event = new ICAL.Event(vevent)
    expect(event.summary).toBe('Spring Game Jam')
    expect(event.location).toBe(jam.place)
    expect(event.startDate.toJSDate().toISOString()).toBe(jam.startsAt)
    expect(event.endDate.toJSDate().toISOString()).toBe(jam.endsAt)

    const home = await html('/')
    expect(home).toContain('href="/events/spring-game-jam"')
    expect(home).toContain('<span>Next event: Spring Game Jam</span>')
    expect(await html('/sitemap.xml')).toContain('<loc>http://localhost/events/spring-game-jam</loc>')
    // What the browser reads when it navigates to the page or the home page.
    expect(await (await t.request('/api/events/spring-game-jam')).json()).toEqual(created)
    // The home page gets the day as the event's page says it, not the clock arithmetic.
    expect(await (await t.request('/api/event/promoted')).json()).toContainEqual({
      id: created.id,
      title: created.title,
      startsAt: created.startsAt,
      endsAt: created.endsAt,
      path: '/events/spring-game-jam',
      label: 'Next event',
      date: 'Apr 10, 2027',
    })
    expect(((await (await t.request('/api/event/first')).json()) as SiteEvent).slug).toBe('rdc25')
    expect((await t.request('/api/events/no-such-party')).status).toBe(404)
  })

  test('while it happens: "Happening now", still the RSVP button and the calendar file', async () => {
    await html('/events/spring-game-jam')
    now = Date.parse('2027-04-10T17:00:00Z')
    const page = await html('/events/spring-game-jam')
    expect(page).toContain('Happening now')
    expect(page).toContain('href="https://discord.gg/kindlewave-jam"')
    expect(page).toContain('Add to calendar')
    expect(await html('/')).toContain('Next event: Spring Game Jam')
  })

  test('once it has ended: it says so, without RSVP or calendar, and the home page stops promoting it (caches turn over)', async () => {
    now = Date.parse('2027-04-10T22:00:00Z')
    const page = await html('/events/spring-game-jam')
    expect(page).toContain('This event has ended.')
    expect(page).not.toContain('href="https://discord.gg/kindlewave-jam"')
    expect(page).not.toContain('text/calendar')
    expect(page).not.toContain('Add to calendar')
    expect(await html('/')).not.toContain('hero__event-link')
  })
})

describe('addresses, visibility and the rules', () => {
  test('an unlisted event is reachable by its link, not indexed, not listed, never promoted', async () => {
    now = Date.parse('2027-03-01T12:00:00Z')
    const res = await admin.request('POST', '/api/admin/events', {
      ...jam,
      title: 'Backstage Preview',
      slug: 'backstage',
      startsAt: '2027-03-20T18:00:00Z',
      endsAt: '2027-03-20T21:00:00Z',
      visibility: 'unlisted',
    })
    expect(res.status).toBe(201)
    const page = await html('/events/backstage')
    expect(page).toContain('<meta name="robots" content="noindex"/>')
    expect(page).toContain('Invite only')
    expect(await html('/sitemap.xml')).not.toContain('backstage')
    // The next public one is promoted, not the sooner unlisted one.
    expect(await html('/')).toContain('Next event: Spring Game Jam')
  })

  test('the first event keeps /rdc25: its slug answers 301 there, and it cannot be deleted; unknown slugs are 404', async () => {
    const moved = await t.request('/events/rdc25', { redirect: 'manual' })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/rdc25')
    expect((await t.request('/events/no-such-party')).status).toBe(404)
    const refused = await admin.request('DELETE', '/api/admin/events/1')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: EVENT_INPUT_MESSAGES.firstEventKept })
  })

  test.each([
    [{ endsAt: jam.startsAt }, EVENT_INPUT_MESSAGES.endsBeforeStart],
    [{ timeZone: 'Mars/Olympus' }, EVENT_INPUT_MESSAGES.timeZone],
    [{ slug: 'Spring Jam!' }, EVENT_INPUT_MESSAGES.slug],
    [{ startsAt: '2027-04-10' }, EVENT_INPUT_MESSAGES.time('Starts')],
    [{ rsvpLabel: '' }, EVENT_INPUT_MESSAGES.rsvpLabelRequired],
    [{ rsvpUrl: 'javascript:alert(1)' }, 'RSVP link must start with http:// or https://'],
    [{ venue: 'Loft' }, 'Unknown field: venue'],
    [{ startsAt: '2027-02-30T10:00:00Z' }, EVENT_INPUT_MESSAGES.time('Starts')],
    [{ coverImage: 'http://images.example.com/jam.webp' }, SITE_IMAGE_RULE('Cover image')],
    [{ coverImage: '//evil.example/jam.webp' }, SITE_IMAGE_RULE('Cover image')],
  ])('refuses %o with the form’s message', async (change, error) => {
    const res = await admin.request('POST', '/api/admin/events', { ...jam, slug: 'another', ...change })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
  })

  test('a slug another event has (in any case) is refused; a change and a delete show at once, audited', async () => {
    const taken = await admin.request('POST', '/api/admin/events', { ...jam, slug: 'Spring-Game-Jam'.toLowerCase() })
    expect(taken.status).toBe(409)
    const renamed = await admin.request('PUT', `/api/admin/events/${created.id}`, {
      ...jam,
      slug: created.slug,
      title: 'Spring Jam 2027',
    })
    expect(renamed.status).toBe(200)
    expect(await html('/events/spring-game-jam')).toContain('Spring Jam 2027')
    expect((await admin.request('DELETE', `/api/admin/events/${created.id}`)).status).toBe(200)
    expect((await t.request('/events/spring-game-jam')).status).toBe(404)
    expect((await t.request('/events/spring-game-jam/calendar.ics')).status).toBe(404)
    expect((await admin.request('PUT', `/api/admin/events/${created.id}`, jam)).status).toBe(404)
    const audit = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=event')
    expect(audit.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['event.created', 'event.updated', 'event.deleted']),
    )
  })

  test('a change that leaves promoteOnHome out keeps it as it was', async () => {
    const quiet = (await (
      await admin.request('POST', '/api/admin/events', { ...jam, slug: 'quiet', promoteOnHome: false })
    ).json()) as SiteEvent
    const { promoteOnHome: _left, ...withoutPromotion } = { ...jam, slug: 'quiet', title: 'Quiet Jam' }
    const saved = (await (
      await admin.request('PUT', `/api/admin/events/${quiet.id}`, withoutPromotion)
    ).json()) as SiteEvent
    expect(saved).toMatchObject({ title: 'Quiet Jam', promoteOnHome: false })

    // Kept as the write finds it: another administrator's change made while this one was on its way stays.
    const promotedMeanwhile = await whileAnotherProcessWrites(
      t.databaseUrl,
      [`UPDATE events SET promote_on_home = 1 WHERE id = ${quiet.id}`],
      () => admin.request('PUT', `/api/admin/events/${quiet.id}`, { ...withoutPromotion, title: 'Loud Jam' }),
    )
    expect(await promotedMeanwhile.json()).toMatchObject({ title: 'Loud Jam', promoteOnHome: true })
  })

  test('an event made unlisted is a takedown: the change says so, so no page promoting it is served from memory in an outage', async () => {
    const shown = (await (
      await admin.request('POST', '/api/admin/events', { ...jam, slug: 'withdrawn', promoteOnHome: true })
    ).json()) as SiteEvent
    const lastKeys = async () =>
      (await t.db.select().from(contentChanges).orderBy(desc(contentChanges.id)).limit(1))[0]!.keys.split(' ')
    expect(await lastKeys()).not.toContain(`removed-event-${shown.id}`)
    await admin.request('PUT', `/api/admin/events/${shown.id}`, { ...jam, slug: 'withdrawn', visibility: 'unlisted' })
    expect(await lastKeys()).toContain(`removed-event-${shown.id}`)
  })

  test('only those who manage events list or change them', async () => {
    expect((await t.request('/api/admin/events')).status).toBe(401)
    const list = await admin.json<SiteEvent[]>('GET', '/api/admin/events')
    expect(list.map((event) => event.slug)).toContain('rdc25')
  })
})
