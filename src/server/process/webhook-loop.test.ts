import { afterEach, beforeEach, expect, test } from 'bun:test'
import { Webhook as Verifier } from 'standardwebhooks'
import { adminClient } from '../../../tests/support/admin-client'
import { eventually } from '../../../tests/support/eventually'
import { memoryLogger } from '../../../tests/support/memory-logger'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { type WebhookReceiver, webhookReceiver } from '../../../tests/support/webhook-receiver'
import { addStandardHook } from '../../../tests/support/webhooks'
import type { WebhookDelivery } from '../../shared/webhooks'
import { createWebhookLoop } from './webhook-loop'

let t: TestApp
let owner: ReturnType<typeof adminClient>
let hook: WebhookReceiver
let loop: ReturnType<typeof createWebhookLoop> | null = null
const { logger, logs } = memoryLogger()
beforeEach(async () => {
  logs.length = 0
  hook = webhookReceiver()
  // The app wakes the loop as main.ts's background tasks do.
  t = await createTestApp({ wake: { webhooks: () => loop?.wake(), newsletter: () => {} } })
  owner = adminClient(t)
  await owner.login()
})
afterEach(async () => {
  await loop?.stop()
  loop = null
  hook.stop()
  await t.close()
})

/** The loop with a timer that ticks once an hour: after its first run, only a wake can send anything. */
async function startHourlyLoop() {
  loop = createWebhookLoop({ db: t.db, origin: 'https://studio.test', logger, everyMs: 3_600_000 })
  await loop.start()
  return loop
}

test("a test event is sent at once by the process that queued it, not at its loop's next tick", async () => {
  const { id, secret } = await addStandardHook(owner, hook, ['post.published'])
  await startHourlyLoop()
  const res = await owner.request('POST', `/api/admin/webhooks/${id}/test`)
  expect(res.status).toBe(202)
  expect(((await res.json()) as WebhookDelivery).event).toBe('webhook.test')
  expect(await eventually(() => hook.received.length > 0, 5000)).toBe(true)
  const [sent] = hook.received
  expect((new Verifier(secret).verify(sent!.body, sent!.headers) as { type: string }).type).toBe('webhook.test')
  // The receiver has it before its answer reaches the loop, which then records the delivery (once, on a busy
  // machine, the list was read in between and said "sending").
  const listed = async () =>
    ((await (await owner.request('GET', `/api/admin/webhooks/${id}/deliveries`)).json()) as WebhookDelivery[]).map(
      ({ event, status }) => ({ event, status }),
    )
  await eventually(async () => (await listed())[0]?.status === 'delivered', 5000)
  expect(await listed()).toEqual([{ event: 'webhook.test', status: 'delivered' }])
  expect(logs).toEqual([])
})

test("a post published is announced at once by the process that published it, not at its loop's next tick", async () => {
  // Started first, its first run finds what the seed published before: not news to the webhook added next.
  const running = await startHourlyLoop()
  const { secret } = await addStandardHook(owner, hook, ['post.published'])
  const res = await owner.request('POST', '/api/blog', {
    title: 'Kite Day',
    content: '<p>Up.</p>',
    status: 'published',
  })
  expect(res.status).toBe(201)
  expect(await eventually(() => hook.received.length > 0, 5000)).toBe(true)
  const [sent] = hook.received
  const event = new Verifier(secret).verify(sent!.body, sent!.headers) as { type: string; data: { title: string } }
  expect([event.type, event.data.title]).toEqual(['post.published', 'Kite Day'])
  await running.stop()
  expect(hook.received).toHaveLength(1)
  expect(logs).toEqual([])
})
