import { afterEach, beforeEach, expect } from 'bun:test'
import type { Database } from '../../src/server/db/client'
import { createAnnouncer } from '../../src/server/features/webhooks/announcer'
import { webhookQueue } from '../../src/server/features/webhooks/webhook-service'
import { PUBLIC_VISIBILITY } from '../../src/server/process/webhook-loop'
import { createWebhookDispatcher } from '../../src/server/webhooks/dispatcher'
import { adminClient } from './admin-client'
import { createTestApp, type TestApp } from './test-app'
import { type WebhookReceiver, webhookReceiver } from './webhook-receiver'

/**
 * A Standard Webhook to `receiver` for `events`, added by the owner through the API (private targets allowed
 * first, as the receiver is on loopback): its id and its secret.
 */
export async function addStandardHook(
  owner: ReturnType<typeof adminClient>,
  receiver: WebhookReceiver,
  events: string[],
): Promise<{ id: number; secret: string }> {
  expect((await owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })).status).toBe(200)
  const res = await owner.request('POST', '/api/admin/webhooks', { url: receiver.url, kind: 'standard', events })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: number; secret: string }
}

/**
 * A test app on its own clock (`advance` moves it) with the owner signed in, made before each test and closed
 * after it with the receiver it was given: `tick()` runs the webhook loop's work once, now.
 */
export function webhookSite() {
  let offset = 0
  const clock = () => Date.now() + offset
  const site = {
    t: undefined as unknown as TestApp,
    owner: undefined as unknown as ReturnType<typeof adminClient>,
    hook: null as WebhookReceiver | null,
    clock,
    advance: (ms: number) => {
      offset += ms
    },
    /** The announcer of the background loop, on the site's clock; on `db` when a test gives its own. */
    announcer: (db?: Database): ReturnType<typeof createAnnouncer> =>
      createAnnouncer({
        db: db ?? site.t.db,
        clock,
        webhooks: webhookQueue(site.t.db, clock),
        origin: () => 'https://studio.test',
        visible: PUBLIC_VISIBILITY,
      }),
    /** The background loop's work, run now: announce what changed, then deliver. */
    async tick() {
      await site.announcer().runOnce()
      return createWebhookDispatcher({ db: site.t.db, clock }).runOnce()
    },
    /** A Standard Webhook for `events` to a new receiver on loopback (`hook`). */
    standardHook(events: string[]) {
      site.hook = webhookReceiver()
      return addStandardHook(site.owner, site.hook, events)
    },
  }
  beforeEach(async () => {
    offset = 0
    site.t = await createTestApp({ now: clock })
    site.owner = adminClient(site.t)
    await site.owner.login()
  })
  afterEach(async () => {
    site.hook?.stop()
    site.hook = null
    await site.t.close()
  })
  return site
}
