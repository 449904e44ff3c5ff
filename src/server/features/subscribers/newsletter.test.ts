import { afterEach, expect, test } from 'bun:test'
import type { ParsedMail } from 'mailparser'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites } from '../../../../tests/support/another-process-writes'
import { eventually } from '../../../../tests/support/eventually'
import { memoryLogger } from '../../../../tests/support/memory-logger'
import { type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AdminPostDetail } from '../../../shared/blog'
import { NEWSLETTER_MESSAGES, ONE_CLICK_BODY } from '../../../shared/newsletter'
import { createContentVersion } from '../../cache/content-version'
import { mailOutbox, subscribers, tags } from '../../db/schema'
import { createMailSender, type MailSender } from '../../mail/sender'
import { smtpTransport } from '../../mail/transport'
import { createNewsletterLoop } from '../../process/newsletter-loop'
import { isPublicAt } from '../posts/service'
import { createNewsletter } from './newsletter'
import { NEWSLETTER_TEST_LIMIT } from './test-email'

const DAY = 24 * 60 * 60 * 1000
let now = Date.UTC(2031, 3, 1, 9)
let t: TestApp
let smtp: LoopbackSmtp
let sender: MailSender
/** What the app wakes when what the public sees changes; the test that runs a newsletter loop puts its own in. */
let wakeNewsletter = () => {}
afterEach(async () => {
  wakeNewsletter = () => {}
  await sender?.stop()
  t?.close()
  await smtp?.close()
})

async function setUp() {
  now = Date.UTC(2031, 3, 1, 9)
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ now: () => now, wake: { webhooks() {}, newsletter: () => wakeNewsletter() } })
  const newsletter = createNewsletter({
    db: t.db,
    content: createContentVersion(t.db, () => now),
    clock: () => now,
    origin: () => 'https://studio.example',
    mail: { domain: 'studio.example' },
    visible: (at) => isPublicAt(at)!,
  })
  sender = createMailSender({
    db: t.db,
    transport: smtpTransport(smtp.url),
    from: 'news@studio.example',
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    clock: () => now,
    bulk: { compose: newsletter.compose, perSecond: 1000 },
  })
  const admin = adminClient(t)
  await admin.login()
  const [events] = await t.db.insert(tags).values({ name: 'Events', slug: 'events' }).returning()
  await t.db.insert(tags).values({ name: 'Awards', slug: 'awards' })
  const people = [
    { email: 'all@example.com', tags: null },
    { email: 'events@example.com', tags: ['events'] },
    { email: 'awards@example.com', tags: ['awards'] },
  ]
  for (const [index, person] of people.entries())
    await t.db.insert(subscribers).values({ ...person, state: 'active', key: `key-${index}`, createdAt: new Date(now) })
  await t.db.insert(subscribers).values({ email: 'pending@example.com', key: 'key-p', createdAt: new Date(now) })
  return { admin, newsletter, events: events! }
}

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Fountain Races Return',
  content:
    '<h2>Races</h2><p>Ride the <a href="/blog/rapids">rapids</a> &amp; win.</p><p><img src="/media/race.webp" alt="Racers at the fountain" width="1600"></p><iframe class="ql-video" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
  excerpt: 'They are back.',
  status: 'published',
  emailSubscribers: true,
  ...over,
})

/** A header as it was sent (mailparser reads the List-* ones into a structure of its own). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ')

test('a box unticked after the loop found the post due stops the email: it is asked again as the issue is made', async () => {
  const { admin, newsletter } = await setUp()
  const { id } = await admin.json<{ id: number }>('POST', '/api/blog', post())
  const queued = await whileAnotherProcessWrites(
    t.databaseUrl,
    [`UPDATE posts SET email_subscribers = 0 WHERE id = ${id}`],
    () => newsletter.runOnce(),
  )
  expect(queued).toBe(0)
  expect(await t.db.select().from(mailOutbox)).toEqual([])
  expect((await admin.json<AdminPostDetail>('GET', `/api/blog/${id}`)).newsletter).toBeNull()

  // Edited instead: not sent as the loop read it, but as edited, at its next look.
  const edited = await admin.json<{ id: number }>('POST', '/api/blog', post({ title: 'Draft title' }))
  const later = await whileAnotherProcessWrites(
    t.databaseUrl,
    [`UPDATE posts SET title = 'Final title', updated_at = updated_at + 1 WHERE id = ${edited.id}`],
    () => newsletter.runOnce(),
  )
  expect(later).toBe(0)
  expect(await newsletter.runOnce()).toBe(1)
  expect((await t.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject)).toEqual([
    'Final title',
  ])
})

test('a post marked to be emailed goes once, as it goes public, to the subscribers who want it, with one-click unsubscribe', async () => {
  const { admin, newsletter, events } = await setUp()
  const created = await admin.request('POST', '/api/blog', post({ tags: [events.id] }))
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  expect(await newsletter.runOnce()).toBe(2)
  // A second look, an edit and a save that keeps the box ticked send nothing more.
  expect(await newsletter.runOnce()).toBe(0)
  expect(
    (await admin.request('PUT', `/api/blog/${id}`, post({ title: 'Races, edited', tags: [events.id] }))).status,
  ).toBe(200)
  expect(await newsletter.runOnce()).toBe(0)

  const sending = await admin.json<AdminPostDetail>('GET', `/api/blog/${id}`)
  expect(sending.newsletter).toEqual({ state: 'sending', sent: 0, failed: 0, total: 2 })
  await sender.runOnce()
  const mails = await smtp.waitFor(2)
  expect(mails.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort()).toEqual([
    'all@example.com',
    'events@example.com',
  ])
  const mail = mails.find((one) => one.text?.includes('key-0'))!
  expect(mail.subject).toBe('Fountain Races Return')
  expect(mail.html).toContain('<a href="https://studio.example/blog/rapids">rapids</a>')
  expect(mail.html).toContain(
    '<img src="https://studio.example/media/race.webp" alt="Racers at the fountain" width="600"',
  )
  expect(mail.html).toContain(
    '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"',
  )
  expect(mail.html).not.toContain('<iframe')
  expect(mail.text).toContain('Ride the rapids (https://studio.example/blog/rapids) & win.')
  expect(mail.text).toContain('[Racers at the fountain]')
  expect(mail.text).toContain('Unsubscribe: https://studio.example/subscribe/unsubscribe/key-0')
  expect(header(mail, 'list-unsubscribe-post')).toBe(ONE_CLICK_BODY)
  expect(header(mail, 'list-unsubscribe')).toBe('<https://studio.example/subscribe/unsubscribe/key-0>')
  expect(mail.messageId).toMatch(/^<newsletter-\d+-\d+@studio\.example>$/)

  await newsletter.runOnce()
  expect((await admin.json<AdminPostDetail>('GET', `/api/blog/${id}`)).newsletter).toEqual({
    state: 'sent',
    sent: 2,
    failed: 0,
    total: 2,
  })
  // The link in the header, posted as a mail provider does, unsubscribes.
  const oneClick = await t.request('/subscribe/unsubscribe/key-0', {
    method: 'POST',
    headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
    body: ONE_CLICK_BODY,
  })
  expect(await oneClick.text()).toBe(NEWSLETTER_MESSAGES.unsubscribed)
  expect((await t.db.select().from(subscribers)).map((row) => row.email)).not.toContain('all@example.com')
})

test("a post gone public is queued for its subscribers at once by the process that published it, not at its loop's next tick", async () => {
  const { admin } = await setUp()
  const { logger, logs } = memoryLogger()
  let senderWoken = 0
  // The loop's timer ticks once an hour: after its first run, only the wake can make the issue.
  const loop = createNewsletterLoop({
    db: t.db,
    content: createContentVersion(t.db, () => now),
    origin: 'https://studio.example',
    mail: { domain: 'studio.example', wake: () => senderWoken++ },
    logger,
    everyMs: 3_600_000,
    clock: () => now,
  })
  await loop.start()
  wakeNewsletter = loop.wake
  try {
    const created = await admin.request('POST', '/api/blog', post())
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    expect(await eventually(() => senderWoken > 0, 5000)).toBe(true)
    expect((await admin.json<AdminPostDetail>('GET', `/api/blog/${id}`)).newsletter).toEqual({
      state: 'sending',
      sent: 0,
      failed: 0,
      total: 1,
    })
    expect(logs).toEqual([{ level: 'info', message: 'newsletter queued', fields: { messages: 1 } }])
  } finally {
    await loop.stop()
  }
})

test('a scheduled post is emailed when its time comes; a post public already cannot be marked any more', async () => {
  const { admin, newsletter } = await setUp()
  const scheduled = await admin.request(
    'POST',
    '/api/blog',
    post({ publishedAt: new Date(now + DAY).toISOString().slice(0, 16) }),
  )
  const { id } = (await scheduled.json()) as { id: number }
  expect(await newsletter.runOnce()).toBe(0)
  now += DAY + 60_000
  expect(await newsletter.runOnce()).toBe(1)
  await admin.login()

  const quiet = await admin.request('POST', '/api/blog', post({ title: 'Out without email', emailSubscribers: false }))
  const quietId = ((await quiet.json()) as { id: number }).id
  const late = await admin.request('PUT', `/api/blog/${quietId}`, post({ title: 'Out without email' }))
  expect(late.status).toBe(400)
  expect(await late.json()).toEqual({ error: NEWSLETTER_MESSAGES.emailAfterPublishing })
  expect((await admin.json<AdminPostDetail>('GET', `/api/blog/${id}`)).emailSubscribers).toBe(true)
})

test('mail to a person goes before a newsletter queued earlier', async () => {
  const { admin, newsletter } = await setUp()
  await admin.request('POST', '/api/blog', post())
  await newsletter.runOnce()
  await t.db.insert(mailOutbox).values({
    ref: 'subscriber:9',
    kind: 'subscribe-confirm',
    to: 'new@example.com',
    subject: 'Confirm your subscription',
    text: 'Confirm it here',
    messageId: '<confirm@studio.example>',
    nextAttemptAt: now,
    createdAt: new Date(now),
  })
  await sender.runOnce()
  // The post has no tag: only the subscriber to every post gets it.
  expect((await smtp.waitFor(2)).map((mail) => mail.subject)).toEqual([
    'Confirm your subscription',
    'Fountain Races Return',
  ])
})

test('"Send a test to me" mails the saved post, as subscribers get it, to the editor asking and nobody else', async () => {
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ now: () => now, smtpUrl: smtp.url })
  const owner = adminClient(t)
  await owner.login()
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test' })
  const created = await editor.request('POST', '/api/blog', post({ status: 'draft', emailSubscribers: false }))
  const { id } = (await created.json()) as { id: number }
  const answer = await editor.request('POST', `/api/blog/${id}/newsletter-test`, {})
  expect(answer.status).toBe(202)
  expect(await answer.json()).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.testSent('ed@studio.test') })
  await t.mailSender!.runOnce()
  const [mail] = (await smtp.waitFor(2)).filter((one) => one.subject?.startsWith('[Test]'))
  expect(mail!.subject).toBe('[Test] Fountain Races Return')
  expect(JSON.stringify(mail!.to)).toContain('ed@studio.test')
  expect(mail!.html).toContain('Racers at the fountain')
  expect(mail!.text).toContain('Unsubscribe: http://localhost/subscribe')
  expect((await editor.request('POST', '/api/blog/9999/newsletter-test', {})).status).toBe(404)
  // The first was the one above: the rest of the hour's allowance, then a 429 that says when to try again.
  for (let sent = 1; sent < NEWSLETTER_TEST_LIMIT.max; sent++)
    expect((await editor.request('POST', `/api/blog/${id}/newsletter-test`, {})).status).toBe(202)
  const limited = await editor.request('POST', `/api/blog/${id}/newsletter-test`, {})
  expect(limited.status).toBe(429)
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  const minutes = Math.ceil(Number(limited.headers.get('retry-after')) / 60)
  expect(await limited.json()).toEqual({ error: NEWSLETTER_MESSAGES.testLimited(NEWSLETTER_TEST_LIMIT.max, minutes) })
  await t.mailSender!.stop()
})

test("emailing the list is an editor's call: an author cannot tick the box, but may edit a post an editor ticked", async () => {
  const { admin } = await setUp()
  const author = await joinStaff(t, admin, 'author', { email: 'au@studio.test' })
  const refused = await author.request('POST', '/api/blog', post({ status: 'draft' }))
  expect(refused.status).toBe(403)
  expect(await refused.json()).toEqual({ error: NEWSLETTER_MESSAGES.sendForbidden })
  const draft = await author.request('POST', '/api/blog', post({ status: 'draft', emailSubscribers: false }))
  const { id } = (await draft.json()) as { id: number }
  expect((await author.request('PUT', `/api/blog/${id}`, post({ status: 'draft' }))).status).toBe(403)
  expect((await admin.request('PUT', `/api/blog/${id}`, post({ status: 'draft', authorId: author.id }))).status).toBe(
    200,
  )
  expect((await author.request('PUT', `/api/blog/${id}`, post({ status: 'draft', title: 'Edited' }))).status).toBe(200)
  expect(
    (await author.request('PUT', `/api/blog/${id}`, post({ status: 'draft', emailSubscribers: false }))).status,
  ).toBe(403)
  expect((await author.request('POST', `/api/blog/${id}/newsletter-test`, {})).status).toBe(403)
})
