import { Elysia, t } from 'elysia'
import { validateWebhook } from '../../../shared/webhook-schema'
import { WEBHOOK_MESSAGES } from '../../../shared/webhooks'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { Webhooks } from './webhook-service'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/**
 * The owner's webhooks (issue 41): `GET`/`POST /api/admin/webhooks`, `DELETE /api/admin/webhooks/{id}`, its deliveries, and a test event.
 */
export function webhookRoutes(
  hooks: Webhooks,
  session: AdminSessionPlugin,
  {
    record,
    origin,
    wake,
  }: {
    record: RecordEvent
    origin: () => string
    /** Tells the deliveries' loop one is queued: a test event is sent at once, not at its next tick. */
    wake: () => void
  },
) {
  return new Elysia({ name: 'admin-webhooks' })
    .use(session)
    .get('/api/admin/webhooks', () => hooks.list(), { staff: 'site.settings' })
    .post(
      '/api/admin/webhooks',
      async ({ request, status }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['url', 'kind', 'events'])
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateWebhook(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const created = await hooks.create(input.value)
        if (!created.ok) return status(400, { error: created.error })
        await record(request, 'webhook.added', `${created.webhook.kind} ${new URL(created.webhook.url).host}`)
        return status(201, { ...created.webhook, secret: created.secret })
      },
      { staff: 'site.settings', parse: 'none' },
    )
    .delete(
      '/api/admin/webhooks/:id',
      async ({ params, request, status }) => {
        const removed = await hooks.remove(params.id)
        if (!removed) return status(404, { error: WEBHOOK_MESSAGES.notFound })
        await record(request, 'webhook.removed', `${removed.kind} ${new URL(removed.url).host}`)
        return { ok: true }
      },
      { staff: 'site.settings', params: idParams, parse: 'none' },
    )
    .get(
      '/api/admin/webhooks/:id/deliveries',
      async ({ params, status }) => {
        const deliveries = await hooks.deliveries(params.id)
        return deliveries ?? status(404, { error: WEBHOOK_MESSAGES.notFound })
      },
      { staff: 'site.settings', params: idParams },
    )
    .post(
      '/api/admin/webhooks/:id/test',
      async ({ params, status }) => {
        const delivery = await hooks.test(params.id, origin())
        if (!delivery) return status(404, { error: WEBHOOK_MESSAGES.notFound })
        wake()
        return status(202, delivery)
      },
      { staff: 'site.settings', params: idParams, parse: 'none' },
    )
}
