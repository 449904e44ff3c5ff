import { Elysia, t } from 'elysia'
import { EVENT_API } from '../../../shared/event-api'
import { EVENT_INPUT_FIELDS, EVENT_INPUT_MESSAGES, validateEventInput } from '../../../shared/event-input'
import { EventSettingsSchema, validateEventSettings } from '../../../shared/event-schema'
import { EVENTS_PATH } from '../../../shared/events'
import type { FeatureDeps } from '../../app-deps'
import { readJsonBody } from '../../http/json-body'
import { eventCalendar } from './calendar'
import type { EventService } from './service'

/** A dozen short fields: room for every character escaped, nothing near a real upload. */
const EVENT_BODY_LIMIT_BYTES = 16 * 1024
const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })
const slugParams = t.Object({ slug: t.String({ maxLength: 200 }) })

/**
 * The events: their public reads (client navigation to an event page and the home page), each one's
 * calendar file, and the administrator's list, add, change and delete, each checked with the form's rules
 * after the session and audited. `GET /api/event` and `PUT /api/admin/event` keep answering for the first
 * event, in the shape they had when there was one.
 */
export function eventRoutes(
  service: EventService,
  { session, record, clock }: Pick<FeatureDeps, 'session' | 'record' | 'clock'>,
  origin: (request: Request) => string,
) {
  /** The body as an event (`raw`: as sent, for what a change leaves out to be taken from the event as stored). */
  const input = async (request: Request) => {
    const body = await readJsonBody(request, EVENT_BODY_LIMIT_BYTES, EVENT_INPUT_FIELDS)
    if (!body.ok) return { ok: false as const, status: body.status, error: body.error }
    const checked = validateEventInput(body.value)
    return checked.ok ? { ...checked, raw: body.value } : { ok: false as const, status: 400, error: checked.error }
  }
  return new Elysia({ name: 'event' })
    .use(session)
    .get('/api/event', () => service.get())
    .get(EVENT_API.first, () => service.first())
    .get(EVENT_API.promoted, () => service.promoted())
    .get(
      '/api/events/:slug',
      async ({ params, status }) =>
        (await service.bySlug(params.slug)) ?? status(404, { error: EVENT_INPUT_MESSAGES.notFound }),
      { params: slugParams },
    )
    .get(
      `${EVENTS_PATH}/:slug/calendar.ics`,
      async ({ params, request, status }) => {
        const event = await service.bySlug(params.slug)
        if (!event) return status(404, { error: EVENT_INPUT_MESSAGES.notFound })
        return new Response(await eventCalendar(event, { origin: origin(request), now: clock() }), {
          headers: {
            'content-type': 'text/calendar; charset=utf-8',
            'content-disposition': `attachment; filename="${event.slug}.ics"`,
            'cache-control': 'no-cache',
          },
        })
      },
      { params: slugParams },
    )
    .get('/api/admin/events', () => service.list(), { staff: 'event.manage' })
    .post(
      '/api/admin/events',
      async ({ request, status }) => {
        const event = await input(request)
        if (!event.ok) return status(event.status, { error: event.error })
        const created = await service.create(event.value, clock())
        if (!created.ok) return status(created.status, { error: created.error })
        await record(request, 'event.created', created.value.title)
        return status(201, created.value)
      },
      { staff: 'event.manage', parse: 'none' },
    )
    .put(
      '/api/admin/events/:id',
      async ({ params, request, status }) => {
        const event = await input(request)
        if (!event.ok) return status(event.status, { error: event.error })
        // Promotion left out is kept as the write finds it, not as it was before the body arrived.
        const saved = await service.update(params.id, (stored) => validateEventInput(event.raw, stored), clock())
        if (!saved.ok) return status(saved.status, { error: saved.error })
        await record(request, 'event.updated', saved.value.title)
        return saved.value
      },
      { staff: 'event.manage', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/admin/events/:id',
      async ({ params, request, status }) => {
        const removed = await service.remove(params.id)
        if (!removed.ok) return status(removed.status, { error: removed.error })
        await record(request, 'event.deleted', removed.value.title)
        return { ok: true }
      },
      { staff: 'event.manage', params: idParams, parse: 'none' },
    )
    .put(
      '/api/admin/event',
      async ({ request, status }) => {
        const body = await readJsonBody(request, EVENT_BODY_LIMIT_BYTES, Object.keys(EventSettingsSchema.properties))
        if (!body.ok) return status(body.status, { error: body.error })
        const settings = validateEventSettings(body.value)
        if (!settings.ok) return status(400, { error: settings.error })
        const saved = await service.save(settings.value, clock())
        if (!saved.ok) return status(saved.status, { error: saved.error })
        await record(request, 'event.updated', `${saved.value.title}, ${saved.value.date}`)
        return saved.value
      },
      { staff: 'event.manage', parse: 'none' },
    )
}
