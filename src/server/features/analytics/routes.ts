import { Elysia, t } from 'elysia'
import {
  ANALYTICS_API,
  ANALYTICS_MESSAGES,
  readBeacon,
  readRange,
  readReportPath,
  readReportPaths,
} from '../../../shared/analytics'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { Analytics } from './analytics-service'

const rangeQuery = t.Object({
  from: t.Optional(t.String()),
  to: t.Optional(t.String()),
  path: t.Optional(t.String()),
})

/**
 * The beacon every public page sends (`POST /api/analytics/event`, answered 204 whether counted or not, so
 * a page learns nothing about how it was counted) and the admin's reads (issue 42's API).
 */
export function analyticsRoutes(
  analytics: Analytics,
  session: AdminSessionPlugin,
  { clientKey, record }: { clientKey: (request: Request) => string; record: RecordEvent },
) {
  return new Elysia({ name: 'analytics' })
    .post(
      ANALYTICS_API.event,
      async ({ request, status }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['event', 'url', 'referrer', 'jobId'])
        if (!body.ok) return status(body.status, { error: body.error })
        const beacon = readBeacon(body.value)
        if (!beacon) return status(400, { error: ANALYTICS_MESSAGES.badEvent })
        await analytics.count(beacon, request, clientKey(request))
        return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
      },
      { parse: 'none' },
    )
    .use(session)
    .get(
      ANALYTICS_API.report,
      ({ query, status }) => {
        const range = readRange(query.from, query.to)
        if (!range.ok) return status(400, { error: ANALYTICS_MESSAGES.badRange })
        const path = query.path === undefined ? null : readReportPath(query.path)
        if (query.path !== undefined && path === null) return status(400, { error: ANALYTICS_MESSAGES.badPath })
        return analytics.report(range.from, range.to, path)
      },
      { staff: 'analytics.read', query: rangeQuery },
    )
    .get(
      ANALYTICS_API.jobs,
      ({ query, status }) => {
        const range = readRange(query.from, query.to)
        if (!range.ok) return status(400, { error: ANALYTICS_MESSAGES.badRange })
        return analytics.jobs(range.from, range.to)
      },
      { staff: 'analytics.careers', query: rangeQuery },
    )
    .get(
      ANALYTICS_API.pages,
      ({ query, status }) => {
        const range = readRange(query.from, query.to)
        if (!range.ok) return status(400, { error: ANALYTICS_MESSAGES.badRange })
        const paths = readReportPaths(query.paths)
        if (!paths) return status(400, { error: ANALYTICS_MESSAGES.badPaths })
        return analytics.pages(range.from, range.to, paths)
      },
      {
        staff: 'analytics.read',
        query: t.Object({ from: t.Optional(t.String()), to: t.Optional(t.String()), paths: t.Optional(t.String()) }),
      },
    )
    .get(ANALYTICS_API.settings, () => analytics.settings.read(), { staff: 'analytics.read' })
    .put(
      ANALYTICS_API.settings,
      async ({ request, status }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, ['enabled'])
        if (!body.ok) return status(body.status, { error: body.error })
        if (typeof body.value.enabled !== 'boolean') return status(400, { error: ANALYTICS_MESSAGES.badSettings })
        const saved = await analytics.settings.save(body.value.enabled)
        await record(request, 'analytics.switched', saved.enabled ? 'on' : 'off')
        return saved
      },
      { staff: 'site.settings', parse: 'none' },
    )
}
