import { afterEach, expect, test } from 'bun:test'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { NEWSLETTER_MESSAGES, ONE_CLICK_BODY, SUBSCRIBE_CONFIRM_DAYS } from '../../../shared/newsletter'
import { createContentVersion } from '../../cache/content-version'
import { mailOutbox, newsletterSuppressions, subscribers } from '../../db/schema'
import { SUBSCRIBE_LIMIT } from './routes'
import { createSubscriberService, SUBSCRIBE_MAILS_PER_ADDRESS } from './subscriber-service'

const DAY = 24 * 60 * 60 * 1000
let now = Date.UTC(2031, 8, 1, 9)
let t: TestApp
let smtp: LoopbackSmtp
afterEach(async () => {
  await closeMailApp(t, smtp)
})

async function setUp() {
  now = Date.UTC(2031, 8, 1, 9)
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ now: () => now, smtpUrl: smtp.url, trustProxy: true, seed: true })
}

const subscribe = (body: unknown, from = '10.2.2.2') =>
  t.request('/api/subscribers', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  })
const form = (path: string, fields: Record<string, string | string[]>, from = '10.2.2.2') => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return t.request(path, {
    method: 'POST',
    headers: {
      origin: 'http://localhost',
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': from,
    },
    body,
    redirect: 'manual',
  })
}

/** The subscription is written after the answer: wait for the outbox to hold `count` messages. */
async function outboxHolds(count: number) {
  for (let waited = 0; (await t.db.select().from(mailOutbox)).length < count && waited < 3000; waited += 20)
    await Bun.sleep(20)
  return t.db.select().from(mailOutbox)
}

async function confirmationLink(count = 1) {
  await outboxHolds(count)
  await t.mailSender!.runOnce()
  const mail = (await smtp.waitFor(count)).at(-1)!
  return /http:\/\/localhost\/subscribe\/confirm\/(\S+)/.exec(mail.text ?? '')![1]!
}

test('a subscription is confirmed once from the emailed link; preferences and a one-click unsubscribe follow', async () => {
  await setUp()
  const answer = await subscribe({ email: ' Fan@Example.COM ', name: 'Fan' })
  expect(answer.status).toBe(202)
  expect(await answer.json()).toEqual({ ok: true })
  const token = await confirmationLink()
  const [pending] = await t.db.select().from(subscribers)
  expect(pending).toMatchObject({ email: 'fan@example.com', name: 'Fan', state: 'pending' })
  expect(smtp.received[0]!.subject).toContain('Confirm your subscription')

  const confirmed = await t.request(`/api/subscribers/confirm/${token}`, {
    method: 'POST',
    headers: { origin: 'http://localhost' },
  })
  expect(confirmed.status).toBe(200)
  const { preferences } = (await confirmed.json()) as { preferences: string }
  const key = preferences.split('/').at(-1)!
  // Single use: the same link again is gone.
  const again = await t.request(`/api/subscribers/confirm/${token}`, {
    method: 'POST',
    headers: { origin: 'http://localhost' },
  })
  expect(again.status).toBe(410)

  expect(await (await t.request(`/api/subscribers/preferences/${key}`)).json()).toMatchObject({
    email: 'fan@example.com',
    name: 'Fan',
    topics: { all: true },
    choices: expect.arrayContaining([{ slug: 'events', name: 'Events' }]),
  })
  const chosen = await form(`/subscribe/preferences/${key}`, { topics: 'tags', tags: ['updates', 'events'] })
  expect(chosen.status).toBe(303)
  expect(chosen.headers.get('location')).toBe(`/subscribe/preferences/${key}?saved=1`)
  expect(
    ((await (await t.request(`/api/subscribers/preferences/${key}`)).json()) as { topics: unknown }).topics,
  ).toEqual({
    all: false,
    tags: ['events', 'updates'],
  })
  const noTags: Record<string, string>[] = [{ topics: 'tags', tags: 'no-such-tag' }, { topics: 'tags' }]
  for (const fields of noTags)
    expect((await form(`/subscribe/preferences/${key}`, fields)).headers.get('location')).toBe(
      `/subscribe/preferences/${key}?notags=1`,
    )
  const unknownTag = await t.request(`/api/subscribers/preferences/${key}`, {
    method: 'PUT',
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ tags: ['no-such-tag'] }),
  })
  expect(unknownTag.status).toBe(400)

  // RFC 8058: a mail provider posts from its own origin, without a session; a plain 200 and the row is gone.
  const oneClick = await t.request(`/subscribe/unsubscribe/${key}`, {
    method: 'POST',
    headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
    body: ONE_CLICK_BODY,
  })
  expect(oneClick.status).toBe(200)
  expect(await oneClick.text()).toBe(NEWSLETTER_MESSAGES.unsubscribed)
  expect(await t.db.select().from(subscribers)).toEqual([])
  expect((await t.request(`/api/subscribers/preferences/${key}`)).status).toBe(404)
  // What is kept is the address's fingerprint, which an import checks; subscribing again themselves clears it.
  const kept = await t.db.select().from(newsletterSuppressions)
  expect(kept).toHaveLength(1)
  expect(JSON.stringify(kept)).not.toContain('fan@')
  await subscribe({ email: 'fan@example.com' })
  const again2 = await t.request(`/api/subscribers/confirm/${await confirmationLink(2)}`, {
    method: 'POST',
    headers: { origin: 'http://localhost' },
  })
  expect(again2.status).toBe(200)
  expect(await t.db.select().from(newsletterSuppressions)).toEqual([])
})

test('the answer is the same for a new, a pending and a subscribed address; the no-JavaScript form lands on a page', async () => {
  await setUp()
  const token = await (async () => {
    await subscribe({ email: 'known@example.com' })
    return confirmationLink()
  })()
  await t.request(`/api/subscribers/confirm/${token}`, { method: 'POST', headers: { origin: 'http://localhost' } })
  for (const email of ['known@example.com', 'new@example.com']) {
    const answer = await form('/subscribe', { email })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/subscribe/sent')
  }
  const sent = await outboxHolds(3)
  // The subscriber is told where their preferences are, not sent a second confirmation.
  expect(sent.find((row) => row.to === 'known@example.com' && row.id > 1)!.subject).toContain('already subscribed')
  // A page's form post without Origin (an older browser) is taken, as the job page's is.
  const bare = await t.request('/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.2.2.9' },
    body: 'email=bare%40example.com',
    redirect: 'manual',
  })
  expect(bare.headers.get('location')).toBe('/subscribe/sent')
  // Spellings a mail library reads as someone else's address are no address here.
  for (const email of ['victim@example.com(1)', 'x<victim@example.com>', 'a@example.com,victim@example.com'])
    expect((await subscribe({ email })).status).toBe(400)
  expect((await form('/subscribe', { email: 'not-an-address' })).headers.get('location')).toBe('/subscribe/invalid')
  const bad = await subscribe({ email: 'not-an-address' })
  expect(bad.status).toBe(400)
  expect(await bad.json()).toEqual({ error: NEWSLETTER_MESSAGES.emailInvalid })
  expect((await subscribe({ email: 'a@example.com', tags: ['nope'] })).status).toBe(400)
  expect((await subscribe({ email: 'a@example.com', extra: 1 })).status).toBe(400)
})

test('a stranger cannot flood an inbox: a few emails per address and day, a limit per client', async () => {
  await setUp()
  for (let i = 0; i < SUBSCRIBE_MAILS_PER_ADDRESS.max + 2; i++)
    expect((await subscribe({ email: 'victim@example.com' }, `10.3.0.${i}`)).status).toBe(202)
  await Bun.sleep(200)
  expect(await outboxHolds(SUBSCRIBE_MAILS_PER_ADDRESS.max)).toHaveLength(SUBSCRIBE_MAILS_PER_ADDRESS.max)

  for (let i = 0; i < SUBSCRIBE_LIMIT.max; i++) await subscribe({ email: `p${i}@example.com` }, '10.4.4.4')
  const refused = await subscribe({ email: 'one-more@example.com' }, '10.4.4.4')
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('an address never confirmed is forgotten after the link ran out, with the mail about it', async () => {
  await setUp()
  await subscribe({ email: 'late@example.com' })
  const token = await confirmationLink()
  now += SUBSCRIBE_CONFIRM_DAYS * DAY + 1000
  const late = await form(`/subscribe/confirm/${token}`, {})
  expect(late.headers.get('location')).toBe('/subscribe/expired')
  const service = createSubscriberService(t.db, {
    content: createContentVersion(t.db),
    clock: () => now,
    mail: null,
    origin: () => 'http://localhost',
  })
  expect(await service.forgetUnconfirmed()).toBe(1)
  expect(await t.db.select().from(subscribers)).toEqual([])
  expect(await t.db.select().from(mailOutbox)).toEqual([])
})

test("an email's pages are never cached nor named in another site's Referer; other paths under /subscribe are no page", async () => {
  await setUp()
  for (const path of ['/subscribe/confirm/a-token', '/subscribe/preferences/a-key', '/subscribe/unsubscribe/a-key']) {
    const page = await t.request(path)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
  }
  expect((await t.request('/subscribe/sent')).status).toBe(200)
  for (const path of ['/subscribe/nope', '/subscribe/login/a-key', '/subscribe/confirm/a/b'])
    expect((await t.request(path)).status).toBe(404)
})
