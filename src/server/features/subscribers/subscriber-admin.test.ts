import { afterEach, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import {
  ONE_CLICK_BODY,
  SUBSCRIBER_ADMIN_MESSAGES,
  type SubscriberImport,
  type SubscriberRow,
  type SubscriberStats,
} from '../../../shared/newsletter'
import { auditLog, subscribers } from '../../db/schema'

const DAY = 24 * 60 * 60 * 1000
const now = Date.UTC(2031, 5, 1, 12)
let t: TestApp
afterEach(() => t?.close())

async function setUp() {
  t = await createTestApp({ now })
  const owner = adminClient(t)
  await owner.login()
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test' })
  await t.db.insert(subscribers).values([
    {
      email: 'ann@example.com',
      name: 'Ann Lee',
      state: 'active',
      key: 'k1',
      createdAt: new Date(now - 40 * DAY),
      confirmedAt: new Date(now - 40 * DAY),
    },
    {
      email: 'bo@example.com',
      name: 'Bo',
      state: 'active',
      key: 'k2',
      tags: ['events'],
      createdAt: new Date(now - 3 * DAY),
      confirmedAt: new Date(now - 3 * DAY),
    },
    { email: 'cy@example.com', name: '', state: 'pending', key: 'k3', createdAt: new Date(now - DAY) },
  ])
  return editor
}

const importCsv = (client: ReturnType<typeof adminClient>, csv: string, consent = true) =>
  client.request('POST', `/api/admin/subscribers/import${consent ? '?consent=yes' : ''}`, csv, {
    'content-type': 'text/csv',
  })

test('an editor lists, searches and filters the subscribers, and sees how many joined lately', async () => {
  const editor = await setUp()
  const all = await editor.request('GET', '/api/admin/subscribers')
  expect(all.headers.get('x-total-count')).toBe('3')
  expect(((await all.json()) as SubscriberRow[]).map((row) => row.email)).toEqual([
    'cy@example.com',
    'bo@example.com',
    'ann@example.com',
  ])
  const search = await editor.json<SubscriberRow[]>('GET', '/api/admin/subscribers?q=LEE')
  expect(search.map((row) => row.email)).toEqual(['ann@example.com'])
  const pending = await editor.json<SubscriberRow[]>('GET', '/api/admin/subscribers?state=pending')
  expect(pending.map((row) => row.email)).toEqual(['cy@example.com'])
  // Those who get every post get the tag's posts too.
  const events = await editor.json<SubscriberRow[]>('GET', '/api/admin/subscribers?tag=events&state=active')
  expect(events.map((row) => row.email)).toEqual(['bo@example.com', 'ann@example.com'])
  expect((await editor.request('GET', '/api/admin/subscribers?state=gone')).status).toBe(400)
  expect(await editor.json<SubscriberStats>('GET', '/api/admin/subscribers/stats')).toEqual({
    active: 2,
    pending: 1,
    joinedLast7Days: 1,
    joinedLast30Days: 1,
  })
})

test('the CSV export is the filtered list, neutralised for spreadsheets, and logged without an address', async () => {
  const editor = await setUp()
  await t.db.insert(subscribers).values({
    email: 'x@example.com',
    name: '=HYPERLINK("evil")',
    state: 'active',
    key: 'k4',
    createdAt: new Date(now),
  })
  const csv = await editor.request('GET', '/api/admin/subscribers.csv?state=active')
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(csv.headers.get('content-disposition')).toContain('subscribers-2031-06-01.csv')
  const text = await csv.text()
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(4)
  expect(text).toContain(`'=HYPERLINK(""evil"")`)
  expect(text).not.toContain('cy@example.com')
  const events = await t.db.select().from(auditLog)
  expect(events.map((event) => event.type)).toContain('subscribers.exported')
  expect(JSON.stringify(events)).not.toContain('@example.com')
})

test('an import needs the consent statement, adds new addresses as subscribers to every post, and says what it skipped', async () => {
  const editor = await setUp()
  const refused = await importCsv(editor, 'email\nnew@example.com\n', false)
  expect(refused.status).toBe(400)
  expect(await refused.json()).toEqual({ error: SUBSCRIBER_ADMIN_MESSAGES.consentRequired })
  const imported = await importCsv(
    editor,
    '\uFEFFName,Email\r\nNew One,New@Example.com\r\nAnn,ann@example.com\r\nBad,not-an-address\r\n,"dup@example.com"\r\n,dup@example.com\r\n',
  )
  expect(imported.status).toBe(200)
  expect((await imported.json()) as SubscriberImport).toEqual({
    added: 2,
    known: 1,
    unsubscribed: 0,
    invalidLines: [4],
  })
  const [added] = await t.db.select().from(subscribers).where(eq(subscribers.email, 'new@example.com'))
  expect(added).toMatchObject({ name: 'New One', state: 'active', tags: null })
  // One address a line, no header.
  expect(await (await importCsv(editor, 'solo@example.com\n')).json()).toEqual({
    added: 1,
    known: 0,
    unsubscribed: 0,
    invalidLines: [],
  })
  expect((await importCsv(editor, 'nothing here\n')).status).toBe(400)
})

test('deleting a subscriber erases them; a second delete is 404', async () => {
  const editor = await setUp()
  const [ann] = await editor.json<SubscriberRow[]>('GET', '/api/admin/subscribers?q=ann')
  expect((await editor.request('DELETE', `/api/admin/subscribers/${ann!.id}`)).status).toBe(204)
  expect((await editor.request('DELETE', `/api/admin/subscribers/${ann!.id}`)).status).toBe(404)
  expect((await t.db.select().from(subscribers)).map((row) => row.email)).not.toContain('ann@example.com')
})

test('a search takes _ and % as typed; an export imported again brings back no one who never confirmed', async () => {
  const editor = await setUp()
  await t.db.insert(subscribers).values([
    { email: 'jo_e@example.com', state: 'active', key: 'k5', createdAt: new Date(now) },
    { email: 'joxe@example.com', state: 'active', key: 'k6', createdAt: new Date(now) },
  ])
  const found = await editor.json<SubscriberRow[]>('GET', '/api/admin/subscribers?q=jo_e')
  expect(found.map((row) => row.email)).toEqual(['jo_e@example.com'])
  expect((await editor.request('GET', '/api/admin/subscribers?page=1.5')).status).toBe(200)

  const exported = await (await editor.request('GET', '/api/admin/subscribers.csv')).text()
  await t.db.delete(subscribers)
  const imported = await importCsv(editor, exported)
  expect(((await imported.json()) as SubscriberImport).added).toBe(4)
  const emails = (await t.db.select().from(subscribers)).map((row) => row.email)
  expect(emails).not.toContain('cy@example.com')
})

test('an import leaves out whoever unsubscribed, however the list spells their address', async () => {
  const editor = await setUp()
  const [ann] = await t.db.select().from(subscribers).where(eq(subscribers.email, 'ann@example.com'))
  const left = await t.request(`/subscribe/unsubscribe/${ann!.key}`, {
    method: 'POST',
    headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
    body: ONE_CLICK_BODY,
  })
  expect(left.status).toBe(200)
  // Deleted by an editor (asked to be taken off): kept out the same way.
  const [bo] = await editor.json<SubscriberRow[]>('GET', '/api/admin/subscribers?q=bo')
  expect((await editor.request('DELETE', `/api/admin/subscribers/${bo!.id}`)).status).toBe(204)
  const imported = await importCsv(
    editor,
    `email\n ANN@example.com \nann@example.com.\n${bo!.email}\nfresh@example.com\n`,
  )
  expect(await imported.json()).toEqual({ added: 1, known: 0, unsubscribed: 3, invalidLines: [] })
  const emails = (await t.db.select().from(subscribers)).map((row) => row.email)
  expect(emails).toContain('fresh@example.com')
  expect(emails).not.toContain('ann@example.com')
  expect(emails).not.toContain(bo!.email)
})
