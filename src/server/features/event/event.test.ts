import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites } from '../../../../tests/support/another-process-writes'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AuditEvent } from '../../../shared/admin-security'
import type { EventSettings } from '../../../shared/event-schema'
import type { SiteEvent } from '../../../shared/events'

let now = Date.parse('2027-07-01T12:00:00Z')
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: () => now, seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const html = async (path: string) => (await t.request(path)).text()
const summer: EventSettings = {
  title: 'Summer Jam',
  date: '2027-07-14',
  location: 'Pier 9, Harbour Town',
  rsvpLabel: 'Reply on the forum',
  rsvpUrl: 'https://forum.example.com/summer-jam',
  description: 'An evening of music and games on the pier.',
  promoteOnHome: true,
}

describe('before the administrator saves one', () => {
  test("the event is the spec's: Sept 5, 2025, TBA, RSVP via Discord", async () => {
    const event = (await (await t.request('/api/event')).json()) as EventSettings
    expect(event).toMatchObject({ date: '2025-09-05', location: 'TBA', rsvpLabel: 'RSVP via Discord' })
    const page = await html('/rdc25')
    for (const text of ['Sept 5, 2025', '<dd>TBA</dd>', 'RSVP via Discord', 'Developer Conference Party'])
      expect(page).toContain(text)
    // Its day passed long ago: the home page does not promote it.
    expect(await html('/')).not.toContain('hero__event-link')
  })
})

describe('saving the event', () => {
  test('needs a session, and the session is checked before the body', async () => {
    for (const body of [summer, { nonsense: true }]) {
      const res = await t.request('/api/admin/event', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(401)
    }
  })

  test.each([
    [{ date: '2027-02-30' }, 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)'],
    [{ rsvpUrl: 'javascript:alert(1)' }, 'RSVP link must start with http:// or https://'],
    [{ title: '' }, 'Title is required'],
    [{ venue: 'Pier' }, 'Unknown field: venue'],
  ])('refuses %o with the form’s message', async (change, error) => {
    const res = await admin.request('PUT', '/api/admin/event', { ...summer, ...change })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
  })

  test('shows at once on the event page and the home page (cached pages turn over), and is audit-logged', async () => {
    // Both pages are in the page cache before the save.
    await html('/rdc25')
    await html('/')
    const res = await admin.request('PUT', '/api/admin/event', { ...summer, title: '  Summer Jam  ' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(summer)
    expect(await (await t.request('/api/event')).json()).toEqual(summer)

    const page = await html('/rdc25')
    for (const text of [
      'Summer Jam',
      'July 14, 2027',
      'Pier 9, Harbour Town',
      'Reply on the forum',
      summer.description,
    ])
      expect(page).toContain(Bun.escapeHTML(text))
    expect(page).toContain('href="https://forum.example.com/summer-jam"')
    expect(page).not.toContain('Sept 5, 2025')
    expect(page).toContain('<title>Summer Jam | Kindlewave Studios</title>')

    const home = await html('/')
    expect(home).toContain('<span>Invite-only: Summer Jam</span>')
    expect(home).toContain('<span class="hero__event-date">July 14, 2027 ›</span>')

    const audit = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=event')
    expect(audit[0]).toMatchObject({ type: 'event.updated', subject: 'Summer Jam, 2027-07-14' })
  })

  test('the home page promotes it through its day, and stops by itself once the day has passed', async () => {
    now = Date.parse('2027-07-14T23:00:00Z')
    expect(await html('/')).toContain('hero__event-link')
    now += 2 * 60 * 60 * 1000
    expect(await html('/')).not.toContain('hero__event-link')
    // The event page still shows what the administrator set.
    expect(await html('/rdc25')).toContain('Summer Jam')
    now = Date.parse('2027-07-01T12:00:00Z')
  })

  test('is not promoted when the administrator says so', async () => {
    expect((await admin.request('PUT', '/api/admin/event', { ...summer, promoteOnHome: false })).status).toBe(200)
    expect(await html('/')).not.toContain('hero__event-link')
    expect((await admin.request('PUT', '/api/admin/event', summer)).status).toBe(200)
    expect(await html('/')).toContain('hero__event-link')
  })

  test('keeps what the old shape has no word for as the write finds it, though another administrator changed it meanwhile', async () => {
    const saved = await whileAnotherProcessWrites(
      t.databaseUrl,
      [`UPDATE events SET visibility = 'unlisted', slug = 'summer-jam' WHERE id = 1`],
      () => admin.request('PUT', '/api/admin/event', { ...summer, title: 'Summer Jam, again' }),
    )
    expect(saved.status).toBe(200)
    const stored = await admin.json<SiteEvent[]>('GET', '/api/admin/events')
    expect(stored.find((event) => event.id === 1)).toMatchObject({
      title: 'Summer Jam, again',
      visibility: 'unlisted',
      slug: 'summer-jam',
    })
  })
})
