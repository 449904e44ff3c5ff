import { Elysia } from 'elysia'
import { EventSettingsSchema, validateEventSettings } from '../../../shared/event-schema'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody } from '../../http/json-body'
import type { EventService } from './service'

/** Seven short fields: room for every character escaped, nothing near a real upload. */
const EVENT_BODY_LIMIT_BYTES = 16 * 1024

/**
 * The event for everyone (client navigation to the event and home pages), and the administrator's save:
 * the session is checked before the body is read, the body with the form's rules, and the change is
 * written to the audit log.
 */
export function eventRoutes(
  service: EventService,
  session: AdminSessionPlugin,
  record: RecordEvent,
  clock: () => number,
) {
  return new Elysia({ name: 'event' })
    .use(session)
    .get('/api/event', () => service.get())
    .put(
      '/api/admin/event',
      async ({ request, status }) => {
        const body = await readJsonBody(request, EVENT_BODY_LIMIT_BYTES, Object.keys(EventSettingsSchema.properties))
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateEventSettings(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const saved = await service.save(input.value, clock())
        await record(request, 'event.updated', `${saved.title}, ${saved.date}`)
        return saved
      },
      { staff: 'event.manage', parse: 'none' },
    )
}
