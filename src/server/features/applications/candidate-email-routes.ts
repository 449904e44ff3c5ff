import { Elysia, t } from 'elysia'
import { applicationReference } from '../../../shared/application-reference'
import { CANDIDATE_EMAIL_MESSAGES, MERGE_FIELDS } from '../../../shared/candidate-email'
import {
  validateBulkReject,
  validateCandidateEmail,
  validateEmailTemplate,
} from '../../../shared/candidate-email-schema'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody } from '../../http/json-body'
import type { CandidateEmailService } from './candidate-email-service'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })
const BODY_LIMIT_BYTES = 64 * 1024
const TEMPLATE_FIELDS = ['name', 'subject', 'body']
const EMAIL_FIELDS = ['templateId', 'subject', 'body', 'sendAt']
const BULK_FIELDS = ['ids', 'templateId', 'sendAt']

/** The merge fields as the API lists them beside the templates. */
const mergeFields = Object.entries(MERGE_FIELDS).map(([name, description]) => ({ name: `{{${name}}}`, description }))

/**
 * Writing to candidates from the admin (issue 40): the templates, one message to one candidate (202, queued
 * in the outbox, at once or at its send time), and rejecting several with a template. Audited by reference.
 */
export function candidateEmailRoutes(emails: CandidateEmailService, session: AdminSessionPlugin, record: RecordEvent) {
  return new Elysia({ name: 'admin-candidate-email' })
    .use(session)
    .get('/api/admin/email-templates', async () => ({ templates: await emails.templates(), mergeFields }), {
      staff: 'applications.manage',
    })
    .post(
      '/api/admin/email-templates',
      async ({ request, status }) => {
        const body = await readJsonBody(request, BODY_LIMIT_BYTES, TEMPLATE_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateEmailTemplate(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const created = await emails.createTemplate(input.value)
        await record(request, 'email_template.saved', created.name)
        return status(201, created)
      },
      { staff: 'applications.manage', parse: 'none' },
    )
    .put(
      '/api/admin/email-templates/:id',
      async ({ params, request, status }) => {
        const body = await readJsonBody(request, BODY_LIMIT_BYTES, TEMPLATE_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateEmailTemplate(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const saved = await emails.updateTemplate(params.id, input.value)
        if (!saved) return status(404, { error: CANDIDATE_EMAIL_MESSAGES.templateNotFound })
        await record(request, 'email_template.saved', saved.name)
        return saved
      },
      { staff: 'applications.manage', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/admin/email-templates/:id',
      async ({ params, request, status }) => {
        const before = await emails.template(params.id)
        if (!before || !(await emails.removeTemplate(params.id)))
          return status(404, { error: CANDIDATE_EMAIL_MESSAGES.templateNotFound })
        await record(request, 'email_template.deleted', before.name)
        return { ok: true }
      },
      { staff: 'applications.manage', params: idParams, parse: 'none' },
    )
    .post(
      '/api/admin/applications/:id/emails',
      async ({ params, request, status, user }) => {
        const body = await readJsonBody(request, BODY_LIMIT_BYTES, EMAIL_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateCandidateEmail(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const sent = await emails.send(params.id, input.value, user)
        if (!sent.ok) return status(sent.status, { error: sent.error })
        await record(request, 'application.emailed', applicationReference(params.id))
        return status(202, sent.delivery)
      },
      { staff: 'applications.manage', params: idParams, parse: 'none' },
    )
    .post(
      '/api/admin/applications/bulk-reject',
      async ({ request, status, user }) => {
        const body = await readJsonBody(request, BODY_LIMIT_BYTES, BULK_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateBulkReject(body.value)
        if (!input.ok) return status(400, { error: input.error })
        if (!emails.mailOn) return status(409, { error: CANDIDATE_EMAIL_MESSAGES.mailOff })
        if (!(await emails.template(input.value.templateId)))
          return status(404, { error: CANDIDATE_EMAIL_MESSAGES.templateNotFound })
        const done: number[] = []
        const failed: { id: number; error: string }[] = []
        for (const id of input.value.ids) {
          const message = { templateId: input.value.templateId, sendAtMs: input.value.sendAtMs }
          const rejected = await emails.reject(id, message, user)
          if (!rejected.ok) {
            failed.push({ id, error: rejected.error })
            continue
          }
          await record(request, 'application.emailed', applicationReference(id))
          await record(request, 'application.status_changed', `${applicationReference(id)}: rejected with a template`)
          done.push(id)
        }
        return { done, failed }
      },
      { staff: 'applications.manage', parse: 'none' },
    )
}
