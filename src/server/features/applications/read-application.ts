import { ANSWER_FIELD_PREFIX } from '../../../shared/answer-field'
import {
  APPLICATION_BODY_LIMIT_BYTES,
  APPLICATION_MESSAGES,
  APPLICATION_UPLOAD_LIMIT_BYTES,
} from '../../../shared/application-rules'
import { ApplicationSchema } from '../../../shared/application-schema'
import { FIELD_MESSAGES } from '../../../shared/field-messages'
import { RESUME_FIELD } from '../../../shared/resume-field'
import { RESUME_MESSAGES, resumeFileOf } from '../../../shared/resume-file'
import { type BodyReading, BodyTooSlow, NoRoomForBody, readBodyBytes } from '../../http/body-bytes'
import { readJsonBody } from '../../http/json-body'
import type { ResumeUpload } from './service'
import { uploadsBusy } from './upload-gate'

const FIELDS = Object.keys(ApplicationSchema.properties)

export type ApplicationBody =
  | { ok: true; fields: Record<string, unknown>; resume: ResumeUpload | null }
  | { ok: false; status: 400 | 408 | 413 | 415 | 503; error: string; retryAfterSeconds?: number }

/** How an upload is read: its room in memory, the time it may take (upload-gate.ts). */
type Reading = Pick<BodyReading, 'charge' | 'withinMs'>

/** A posted file's bytes, as the service takes them. */
async function resumeUpload(file: File | null): Promise<ResumeUpload | null> {
  return file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null
}

/**
 * A form posted with a file, read as it arrives against the room in memory (`charge`), then parsed: the
 * API's multipart body and the job page's form post alike (server-data.ts).
 */
export async function readUploadForm(
  request: Request,
  type: string,
  reading: Reading,
): Promise<FormData | Extract<ApplicationBody, { ok: false }>> {
  let bytes: Uint8Array<ArrayBuffer> | null
  try {
    bytes = await readBodyBytes(request, APPLICATION_UPLOAD_LIMIT_BYTES, reading)
  } catch (error) {
    if (error instanceof NoRoomForBody) return uploadsBusy()
    if (error instanceof BodyTooSlow) return { ok: false, status: 408, error: APPLICATION_MESSAGES.uploadTooSlow }
    throw error
  }
  if (!bytes) return { ok: false, status: 413, error: RESUME_MESSAGES.tooLarge }
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    return { ok: false, status: 400, error: APPLICATION_MESSAGES.unreadableForm }
  }
}

/**
 * The multipart form of an application: the spec's fields as text, each answer to the job's questions as
 * `answer-{id}`, and at most one `resume` file. As on the JSON API, a field it does not know is refused.
 */
async function readMultipart(request: Request, type: string, reading: Reading): Promise<ApplicationBody> {
  const form = await readUploadForm(request, type, reading)
  if (!(form instanceof FormData)) return form
  const fields: Record<string, unknown> = {}
  const answers: Record<string, string> = {}
  for (const [name, value] of form) {
    if (name === RESUME_FIELD) {
      if (typeof value === 'string' && value !== '') return { ok: false, status: 400, error: RESUME_MESSAGES.notAFile }
      continue
    }
    const answer = name.startsWith(ANSWER_FIELD_PREFIX) ? name.slice(ANSWER_FIELD_PREFIX.length) : null
    if (answer === null && !FIELDS.includes(name))
      return { ok: false, status: 400, error: FIELD_MESSAGES.unknownField(name) }
    if (typeof value !== 'string') return { ok: false, status: 400, error: `${name} must be text, not a file` }
    if (answer !== null) answers[answer] ??= value
    else fields[name] ??= value
  }
  // The job's questions decide what each answer may be (a yes/no posts `yes` or `no`): the service checks them.
  if (Object.keys(answers).length > 0) fields.answers = answers
  return { ok: true, fields, resume: await resumeUpload(resumeFileOf(form)) }
}

/**
 * `POST /api/job-applications`'s body: the spec's JSON (64 KB at most), or the same fields as
 * multipart/form-data with a résumé file (its 10 MB and room for the rest).
 */
export function readApplicationBody(request: Request, reading: Reading): Promise<ApplicationBody> {
  const type = request.headers.get('content-type') ?? ''
  if (type.toLowerCase().startsWith('multipart/form-data')) return readMultipart(request, type, reading)
  return readJsonBody(request, APPLICATION_BODY_LIMIT_BYTES, FIELDS).then((body) =>
    body.ok ? { ok: true, fields: body.value, resume: null } : body,
  )
}
