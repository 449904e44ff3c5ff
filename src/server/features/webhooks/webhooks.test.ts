import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { Webhook as Verifier } from 'standardwebhooks'
import { adminClient } from '../../../../tests/support/admin-client'
import { eventually } from '../../../../tests/support/eventually'
import { jobInput } from '../../../../tests/support/jobs'
import { memoryLogger } from '../../../../tests/support/memory-logger'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail } from '../../../shared/blog'
import { WEBHOOK_MESSAGES, type WebhookDelivery } from '../../../shared/webhooks'
import type { posts } from '../../db/schema'
import { createWebhookLoop, PUBLIC_VISIBILITY } from '../../process/webhook-loop'
import { createWebhookDispatcher, RETRY_AFTER_MS } from '../../webhooks/dispatcher'
import { createAnnouncer } from './announcer'
import { createWebhooks } from './webhook-service'

/** A receiver on loopback that answers each POST with the next status given (then 200), keeping what came. */
function receiver(statuses: number[] = []) {
  const received: { headers: Record<string, string>; body: string }[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() })
      return new Response(null, { status: statuses.shift() ?? 200 })
    },
  })
  return { url: `http://127.0.0.1:${server.port}/hook`, received, stop: () => server.stop(true) }
}

let t: TestApp
let owner: ReturnType<typeof adminClient>
let offset = 0
const clock = () => Date.now() + offset
let hook: ReturnType<typeof receiver> | null = null
/** What the app wakes when a delivery is queued; the test that runs a loop puts its own in. */
let wakeLoop = () => {}
beforeEach(async () => {
  offset = 0
  wakeLoop = () => {}
  t = await createTestApp({ now: clock, wake: { webhooks: () => wakeLoop(), newsletter: () => {} } })
  owner = adminClient(t)
  await owner.login()
})
afterEach(async () => {
  hook?.stop()
  hook = null
  await t.close()
})

/** The background loop's work, run now: announce what changed, then deliver. */
async function tick() {
  await createAnnouncer({
    db: t.db,
    clock,
    webhooks: createWebhooks(t.db, { clock }),
    origin: () => 'https://studio.test',
    visible: PUBLIC_VISIBILITY,
  }).runOnce()
  return createWebhookDispatcher({ db: t.db, clock }).runOnce()
}

async function standardHook(events: string[]) {
  hook = receiver()
  expect((await owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })).status).toBe(200)
  const res = await owner.request('POST', '/api/admin/webhooks', { url: hook.url, kind: 'standard', events })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: number; secret: string }
}

describe('webhooks', () => {
  test('a post published reaches a Standard Webhooks receiver, signed so its library verifies it', async () => {
    await tick() // what the seed published before is not news
    const { id, secret } = await standardHook(['post.published', 'post.updated', 'post.unpublished'])
    expect(secret).toMatch(/^whsec_/)
    // The secret is shown once: the list does not carry it.
    expect(JSON.stringify(await (await owner.request('GET', '/api/admin/webhooks')).json())).not.toContain(secret)
    const post = (await (
      await owner.request('POST', '/api/blog', { title: 'Zeppelin Races', content: '<p>Up.</p>', status: 'published' })
    ).json()) as PostDetail
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    const [sent] = hook!.received
    const event = new Verifier(secret).verify(sent!.body, sent!.headers) as {
      type: string
      data: { title: string; url: string }
    }
    expect(event.type).toBe('post.published')
    expect(event.data).toMatchObject({ title: 'Zeppelin Races', url: `https://studio.test/blog/${post.slug}` })
    // Tampered with, it does not verify.
    expect(() => new Verifier(secret).verify(sent!.body.replace('Zeppelin', 'Blimp'), sent!.headers)).toThrow()

    // Nothing new, nothing sent; an edit is an update; taken down is an unpublish.
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 })
    offset += 1000
    await owner.request('PUT', `/api/blog/${post.id}`, {
      title: 'Zeppelin Races!',
      content: '<p>Up.</p>',
      status: 'published',
    })
    await tick()
    offset += 1000
    await owner.request('PUT', `/api/blog/${post.id}`, {
      title: 'Zeppelin Races!',
      content: '<p>Up.</p>',
      status: 'draft',
    })
    await tick()
    expect(hook!.received.map((one) => (JSON.parse(one.body) as { type: string }).type)).toEqual([
      'post.published',
      'post.updated',
      'post.unpublished',
    ])
    const log = (await (await owner.request('GET', `/api/admin/webhooks/${id}/deliveries`)).json()) as WebhookDelivery[]
    expect(log.map((one) => [one.event, one.status, one.responseCode])).toEqual([
      ['post.unpublished', 'delivered', 200],
      ['post.updated', 'delivered', 200],
      ['post.published', 'delivered', 200],
    ])
  })

  test('a public post deleted is unpublished for the receivers; a draft deleted is no news', async () => {
    await tick()
    await standardHook(['post.published', 'post.unpublished'])
    const create = async (title: string, status: string) =>
      (await (await owner.request('POST', '/api/blog', { title, content: '<p>Up.</p>', status })).json()) as PostDetail
    const [shown, draft] = [await create('Kite Festival', 'published'), await create('Quiet Draft', 'draft')]
    await tick()
    expect((await owner.request('DELETE', `/api/blog/${shown.id}`)).status).toBe(200)
    expect((await owner.request('DELETE', `/api/blog/${draft.id}`)).status).toBe(200)
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    const events = hook!.received.map(
      (one) => JSON.parse(one.body) as { type: string; data: { title: string; url: string } },
    )
    expect(events.map((event) => [event.type, event.data.title])).toEqual([
      ['post.published', 'Kite Festival'],
      ['post.unpublished', 'Kite Festival'],
    ])
    expect(events[1]!.data).toMatchObject({ url: `https://studio.test/blog/${shown.slug}`, author: expect.any(String) })
    // Told once: the next look finds nothing.
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 })
  })

  test('two processes watching at once tell a change once', async () => {
    await tick()
    await standardHook(['post.published'])
    await owner.request('POST', '/api/blog', { title: 'Once only', content: '<p>x</p>', status: 'published' })
    const announcer = () =>
      createAnnouncer({
        db: t.db,
        clock,
        webhooks: createWebhooks(t.db, { clock }),
        origin: () => 'https://studio.test',
        visible: PUBLIC_VISIBILITY,
      }).runOnce()
    await Promise.all([announcer(), announcer(), announcer()])
    await createWebhookDispatcher({ db: t.db, clock }).runOnce()
    expect(hook!.received).toHaveLength(1)
  })

  test('a save landing between the announcer reading a post and claiming it is told as saved, at the next run', async () => {
    await tick()
    await standardHook(['post.published', 'post.updated'])
    const edit = (title: string) => ({ title, content: '<p>Up.</p>', status: 'published' })
    const post = (await (await owner.request('POST', '/api/blog', edit('Balloon Day'))).json()) as PostDetail
    await tick()
    offset += 1000
    expect((await owner.request('PUT', `/api/blog/${post.id}`, edit('Balloon Day!'))).status).toBe(200)
    // The announcer's database takes another save just before its claim: one whose time was taken before the
    // run began (a save stamps the post before its transaction) and whose commit came after the run's read.
    let raced = false
    const racing = new Proxy(t.db, {
      get(target, name) {
        if (name !== 'update' || raced) return Reflect.get(target, name)
        return (table: Parameters<typeof target.update>[0]) => ({
          set: (values: Parameters<ReturnType<typeof target.update>['set']>[0]) => ({
            where: (condition: Parameters<ReturnType<ReturnType<typeof target.update>['set']>['where']>[0]) => ({
              returning: async (fields: { id: typeof posts.id }) => {
                raced = true
                offset -= 500
                expect((await owner.request('PUT', `/api/blog/${post.id}`, edit('Balloon Day!!'))).status).toBe(200)
                offset += 500
                return target.update(table).set(values).where(condition).returning(fields)
              },
            }),
          }),
        })
      },
    })
    await createAnnouncer({
      db: racing,
      clock,
      webhooks: createWebhooks(t.db, { clock }),
      origin: () => 'https://studio.test',
      visible: PUBLIC_VISIBILITY,
    }).runOnce()
    expect(raced).toBe(true)
    offset += 1000
    await tick()
    expect(hook!.received.map((one) => JSON.parse(one.body).data.title)).toEqual(['Balloon Day', 'Balloon Day!!'])
  })

  test('a scheduled post is announced when it goes live, not when it is saved', async () => {
    await tick()
    await standardHook(['post.published'])
    await owner.request('POST', '/api/blog', {
      title: 'Later',
      content: '<p>Soon.</p>',
      status: 'published',
      publishedAt: new Date(clock() + 60 * 60_000).toISOString(),
    })
    await tick()
    expect(hook!.received).toHaveLength(0)
    offset += 61 * 60_000
    await tick()
    expect(hook!.received.map((one) => JSON.parse(one.body).data.title)).toEqual(['Later'])
  })

  test('a receiver that fails twice gets the event on the third try, with the same webhook-id', async () => {
    await tick()
    await standardHook(['post.published'])
    hook!.stop()
    hook = receiver([500, 503])
    // The same address the webhook was added with is now served by the failing receiver.
    await t.db.$client.execute({ sql: 'UPDATE webhooks SET url = ?', args: [hook.url] })
    await owner.request('POST', '/api/blog', { title: 'Retry me', content: '<p>x</p>', status: 'published' })
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    offset += RETRY_AFTER_MS[0]!
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    offset += RETRY_AFTER_MS[1]!
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    expect(new Set(hook.received.map((one) => one.headers['webhook-id'])).size).toBe(1)
    expect(hook.received).toHaveLength(3)
  })

  test('a loopback or private address is refused, when added and again when delivered, unless the owner allows it', async () => {
    hook = receiver()
    for (const url of [
      hook.url,
      'http://[::7f00:1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://localhost:9/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
    ])
      expect(
        await (
          await owner.request('POST', '/api/admin/webhooks', { url, kind: 'standard', events: ['job.published'] })
        ).json(),
      ).toEqual({
        error: WEBHOOK_MESSAGES.privateTarget,
      })
    await standardHook(['post.published'])
    await tick()
    await owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: false })
    await owner.request('POST', '/api/blog', { title: 'Not to the inside', content: '<p>x</p>', status: 'published' })
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    expect(hook!.received).toHaveLength(0)
  })

  test('a job published and an application received are told, the application without anything personal', async () => {
    await tick()
    await standardHook(['job.published', 'application.received'])
    const created = await owner.request(
      'POST',
      '/api/admin/jobs',
      jobInput({ title: 'Rigger', slug: 'rigger', status: 'active' }),
    )
    expect(created.status).toBe(201)
    const { id: jobId } = (await created.json()) as { id: number }
    const applied = await t.request('/api/job-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({
        jobId,
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        coverLetter: 'Hi.',
        resumeText: 'CV.',
      }),
    })
    expect(applied.status).toBe(201)
    await tick()
    const events = hook!.received.map((one) => JSON.parse(one.body) as { type: string; data: Record<string, unknown> })
    expect(events.map((event) => [event.type, event.data.title])).toEqual([
      ['job.published', 'Rigger'],
      ['application.received', 'A new application for Rigger'],
    ])
    expect(JSON.stringify(events[1])).not.toMatch(/Ada|Lovelace|ada@example\.com|CV\./)
  })

  test("a test event is sent at once by the process that queued it, not at its loop's next tick", async () => {
    const { id, secret } = await standardHook(['post.published'])
    const { logger, logs } = memoryLogger()
    // The loop's timer ticks once an hour: after its first run, only the wake can send the test event.
    const loop = createWebhookLoop({ db: t.db, origin: 'https://studio.test', logger, everyMs: 3_600_000 })
    await loop.start()
    wakeLoop = loop.wake
    try {
      const res = await owner.request('POST', `/api/admin/webhooks/${id}/test`)
      expect(res.status).toBe(202)
      expect(((await res.json()) as WebhookDelivery).event).toBe('webhook.test')
      expect(await eventually(() => hook!.received.length > 0, 5000)).toBe(true)
      const [sent] = hook!.received
      expect((new Verifier(secret).verify(sent!.body, sent!.headers) as { type: string }).type).toBe('webhook.test')
      const deliveries = (await (
        await owner.request('GET', `/api/admin/webhooks/${id}/deliveries`)
      ).json()) as WebhookDelivery[]
      expect(deliveries.map(({ event, status }) => ({ event, status }))).toEqual([
        { event: 'webhook.test', status: 'delivered' },
      ])
      expect(logs).toEqual([])
    } finally {
      await loop.stop()
    }
  })

  test("a post published is announced at once by the process that published it, not at its loop's next tick", async () => {
    await tick() // what the seed published before is not news
    const { secret } = await standardHook(['post.published'])
    const { logger, logs } = memoryLogger()
    const loop = createWebhookLoop({ db: t.db, origin: 'https://studio.test', logger, everyMs: 3_600_000 })
    await loop.start()
    wakeLoop = loop.wake
    try {
      const res = await owner.request('POST', '/api/blog', {
        title: 'Kite Day',
        content: '<p>Up.</p>',
        status: 'published',
      })
      expect(res.status).toBe(201)
      expect(await eventually(() => hook!.received.length > 0, 5000)).toBe(true)
      const [sent] = hook!.received
      const event = new Verifier(secret).verify(sent!.body, sent!.headers) as { type: string; data: { title: string } }
      expect([event.type, event.data.title]).toEqual(['post.published', 'Kite Day'])
      await loop.stop()
      expect(hook!.received).toHaveLength(1)
      expect(logs).toEqual([])
    } finally {
      await loop.stop()
    }
  })

  test('only the owner sets webhooks and settings; a Discord hook gets an embed that pings no one', async () => {
    const administrator = await joinStaff(t, owner, 'administrator')
    expect((await administrator.request('GET', '/api/admin/webhooks')).status).toBe(403)
    expect(
      (await administrator.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })).status,
    ).toBe(403)
    expect(
      (
        await owner.request('POST', '/api/admin/webhooks', {
          url: 'ftp://x.test',
          kind: 'standard',
          events: ['post.published'],
        })
      ).status,
    ).toBe(400)
    expect(
      await (
        await owner.request('POST', '/api/admin/webhooks', { url: 'https://x.test', kind: 'standard', events: [] })
      ).json(),
    ).toEqual({
      error: WEBHOOK_MESSAGES.noEvents,
    })
    hook = receiver()
    await owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })
    const created = (await (
      await owner.request('POST', '/api/admin/webhooks', { url: hook.url, kind: 'discord', events: ['job.published'] })
    ).json()) as { id: number; secret: string }
    expect(created.secret).toBe('')
    // A Discord address ends in the token that lets anyone post: it is not shown again.
    await owner.request('POST', '/api/admin/webhooks', {
      url: `http://token:secret@127.0.0.1:${new URL(hook.url).port}/api/webhooks/123/SECRET-TOKEN`,
      kind: 'discord',
      events: ['job.published'],
    })
    const listed = JSON.stringify(await (await owner.request('GET', '/api/admin/webhooks')).json())
    expect(listed).not.toContain('SECRET-TOKEN')
    expect(listed).not.toContain('secret@')
    expect((await owner.request('POST', `/api/admin/webhooks/${created.id}/test`)).status).toBe(202)
    await tick()
    const message = JSON.parse(hook.received.at(-1)!.body)
    expect(message.allowed_mentions).toEqual({ parse: [] })
    expect(message.embeds[0].title).toBe('A test event from the site')
    expect((await owner.request('DELETE', `/api/admin/webhooks/${created.id}`)).status).toBe(200)
    expect((await owner.request('GET', `/api/admin/webhooks/${created.id}/deliveries`)).status).toBe(404)
  })
})
