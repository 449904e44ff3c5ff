import { Elysia, t } from 'elysia'
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_UPDATE_LIMIT_BYTES,
  PIPELINE_MESSAGES,
  readApplicationFilter,
  validateApplicationUpdate,
} from '../../../shared/application-pipeline'
import { applicationReference } from '../../../shared/application-reference'
import { candidateView } from '../../../shared/candidate-view'
import { RESUME_FORMATS } from '../../../shared/resume-file'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { attachmentDisposition } from '../../http/content-disposition'
import { readJsonBody } from '../../http/json-body'
import type { ApplicationAdminService } from './admin-service'
import { applicationsCsv, csvFileName } from './export-csv'
import { accessStillAllowed, candidateAccess, type HiringTeams } from './hiring-team'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/**
 * What a download of an applicant's file carries: saved, never shown in the site's origin, never
 * sniffed into something else, never cached, and sandboxed should a browser open it anyway.
 */
const downloadHeaders = (contentType: string, fileName: string) => ({
  'content-type': contentType,
  'content-disposition': attachmentDisposition(fileName),
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; sandbox",
})

/**
 * The recruiter's pipeline (issue 20); every call needs the administrator's session, checked before
 * anything in the request is read. Looking at personal data, exporting and deleting it are audited
 * (by reference, never the applicant's name).
 */
export function adminApplicationRoutes(
  service: ApplicationAdminService,
  session: AdminSessionPlugin,
  { record, clock, teams }: { record: RecordEvent; clock: () => number; teams: HiringTeams },
) {
  const filterOf = (request: Request) => readApplicationFilter(new URL(request.url).searchParams)
  return new Elysia({ name: 'admin-applications' })
    .use(session)
    .get(
      '/api/admin/applications',
      async ({ request, status, user }) => {
        const filter = filterOf(request)
        if (!filter.ok) return status(400, { error: filter.error })
        const jobIds = await teams.jobsOf(user)
        const list = await service.list(jobIds === null ? filter.value : { ...filter.value, jobIds })
        await record(request, 'applications.viewed', `${list.length} applications`)
        return list
      },
      { staff: 'applications.read' },
    )
    .get(
      '/api/admin/applications.csv',
      async ({ request, status }) => {
        const filter = filterOf(request)
        if (!filter.ok) return status(400, { error: filter.error })
        const list = await service.list(filter.value)
        await record(request, 'applications.exported', `${list.length} applications`)
        const csv = applicationsCsv(list)
        return new Response(csv, { headers: downloadHeaders('text/csv; charset=utf-8', csvFileName(clock())) })
      },
      { staff: 'applications.manage' },
    )
    .get(
      '/api/admin/applications/:id',
      async ({ params, request, status, user }) => {
        const access = await candidateAccess(teams, user, params.id)
        if (!access.ok) return status(access.code, { error: access.error })
        const application = await service.get(params.id)
        if (!application) return status(404, { error: PIPELINE_MESSAGES.notFound })
        await record(request, 'application.viewed', application.reference)
        return candidateView(application, { staffId: user.id, access: access.access })
      },
      { staff: 'applications.read', params: idParams },
    )
    .patch(
      '/api/admin/applications/:id',
      async ({ params, request, status, user }) => {
        const access = await candidateAccess(teams, user, params.id, true)
        if (!access.ok) return status(access.code, { error: access.error })
        const body = await readJsonBody(request, APPLICATION_UPDATE_LIMIT_BYTES, ['status', 'note'])
        if (!body.ok) return status(body.status, { error: body.error })
        const update = validateApplicationUpdate(body.value)
        if (!update.ok) return status(400, { error: update.error })
        // Judged again in the write: someone taken off the job's team meanwhile changes nothing.
        const changed = await service.update(
          params.id,
          update.value,
          user,
          accessStillAllowed(teams, user, params.id, true),
        )
        if (!changed) return status(404, { error: PIPELINE_MESSAGES.notFound })
        if ('error' in changed) return status(changed.status, { error: changed.error })
        const reference = applicationReference(params.id)
        if (changed.from !== changed.to) {
          const move = `${APPLICATION_STATUS_LABELS[changed.from]} → ${APPLICATION_STATUS_LABELS[changed.to]}`
          await record(request, 'application.status_changed', `${reference}: ${move}`)
        }
        if (update.value.note) await record(request, 'application.noted', reference)
        const updated = await service.get(params.id)
        return updated && candidateView(updated, { staffId: user.id, access: access.access })
      },
      { staff: 'applications.read', params: idParams, parse: 'none' },
    )
    .get(
      '/api/admin/applications/:id/resume',
      async ({ params, request, status, user }) => {
        const access = await candidateAccess(teams, user, params.id)
        if (!access.ok) return status(access.code, { error: access.error })
        const file = await service.resume(params.id)
        if (!file) return status(404, { error: PIPELINE_MESSAGES.noResume })
        await record(request, 'application.resume_downloaded', applicationReference(params.id))
        return new Response(new Uint8Array(file.bytes), {
          headers: downloadHeaders(RESUME_FORMATS[file.format].contentType, file.fileName),
        })
      },
      { staff: 'applications.read', params: idParams },
    )
    .get(
      '/api/admin/applications/:id/export',
      async ({ params, request, status }) => {
        const [application, resume] = await Promise.all([service.get(params.id), service.resume(params.id)])
        if (!application) return status(404, { error: PIPELINE_MESSAGES.notFound })
        await record(request, 'application.exported', application.reference)
        // A subject access request: everything held about the applicant, as data and as the files they sent.
        // fflate builds its tables when evaluated: with the first export, not at start.
        const { strToU8, zipSync } = await import('fflate')
        const zip = zipSync({
          'application.json': strToU8(JSON.stringify(application, null, 2)),
          ...(resume ? { [`resume/${resume.fileName}`]: new Uint8Array(resume.bytes) } : {}),
        })
        return new Response(zip, { headers: downloadHeaders('application/zip', `${application.reference}.zip`) })
      },
      { staff: 'applications.manage', params: idParams },
    )
    .delete(
      '/api/admin/applications/:id',
      async ({ params, request, status }) => {
        const removed = await service.remove(params.id)
        if (!removed) return status(404, { error: PIPELINE_MESSAGES.notFound })
        await record(request, 'application.deleted', `${removed.reference} (${removed.jobTitle})`)
        return { ok: true }
      },
      { staff: 'applications.manage', params: idParams, parse: 'none' },
    )
}
