import { Elysia, t } from 'elysia'
import { SUBSCRIBER_ADMIN_MESSAGES, SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_STATES } from '../../../shared/newsletter'
import { todayDateString } from '../../../shared/post-rules'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readBodyBytes } from '../../http/body-bytes'
import { attachmentDisposition } from '../../http/content-disposition'
import type { SubscriberAdmin, SubscriberQuery } from './subscriber-admin'

const listQuery = t.Object({
  q: t.Optional(t.String({ maxLength: 200 })),
  state: t.Optional(t.Union(SUBSCRIBER_STATES.map((state) => t.Literal(state)))),
  tag: t.Optional(t.String({ maxLength: 100 })),
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 100_000 })),
})

const queryOf = (query: typeof listQuery.static): SubscriberQuery => ({
  q: query.q?.trim() ?? '',
  state: query.state ?? null,
  tag: query.tag?.trim() || null,
  page: Math.floor(query.page ?? 1),
})

/**
 * The subscribers in the admin (owner, administrators, editors): the list with its filters and counts, a CSV
 * of it, an import, and deletion. Exports, imports and deletions go into the activity log, with no address.
 */
export function subscriberAdminRoutes(
  admin: SubscriberAdmin,
  session: AdminSessionPlugin,
  { record, clock }: { record: RecordEvent; clock: () => number },
) {
  return new Elysia({ name: 'subscriber-admin' })
    .use(session)
    .get(
      '/api/admin/subscribers',
      async ({ query, set }) => {
        const { rows, total } = await admin.list(queryOf(query))
        set.headers['x-total-count'] = String(total)
        return rows
      },
      { staff: 'subscribers.manage', query: listQuery },
    )
    .get('/api/admin/subscribers/stats', () => admin.stats(), { staff: 'subscribers.manage' })
    .get(
      '/api/admin/subscribers.csv',
      async ({ query, request }) => {
        const { csv, count } = await admin.csv(queryOf(query))
        await record(request, 'subscribers.exported', `${count} subscribers`)
        return new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': attachmentDisposition(`subscribers-${todayDateString(clock())}.csv`),
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
          },
        })
      },
      { staff: 'subscribers.manage', query: listQuery },
    )
    .post(
      '/api/admin/subscribers/import',
      async ({ request, status }) => {
        // Whoever imports says that the people on the list asked for the emails: without it, nothing is read.
        if (new URL(request.url).searchParams.get('consent') !== 'yes')
          return status(400, { error: SUBSCRIBER_ADMIN_MESSAGES.consentRequired })
        const bytes = await readBodyBytes(request, SUBSCRIBER_IMPORT_MAX_BYTES)
        if (!bytes) return status(413, { error: 'The request body is too large' })
        const imported = await admin.importCsv(new TextDecoder().decode(bytes))
        if (!imported) return status(400, { error: SUBSCRIBER_ADMIN_MESSAGES.importUnreadable })
        if (imported.added + imported.known === 0)
          return status(400, { error: SUBSCRIBER_ADMIN_MESSAGES.importEmpty, ...imported })
        await record(request, 'subscribers.imported', `${imported.added} added, ${imported.known} already subscribed`)
        return imported
      },
      { staff: 'subscribers.manage', parse: 'none' },
    )
    .delete(
      '/api/admin/subscribers/:id',
      async ({ params, request, status }) => {
        if (!(await admin.remove(params.id))) return status(404, { error: SUBSCRIBER_ADMIN_MESSAGES.notFound })
        await record(request, 'subscriber.deleted', `subscriber ${params.id}`)
        return new Response(null, { status: 204 })
      },
      { staff: 'subscribers.manage', params: t.Object({ id: t.Integer({ minimum: 1 }) }), parse: 'none' },
    )
}
