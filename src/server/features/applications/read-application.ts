import {
  APPLICATION_BODY_LIMIT_BYTES,
  APPLICATION_MESSAGES,
  APPLICATION_UPLOAD_LIMIT_BYTES,
} from '../../../shared/application-rules'
import { ApplicationSchema } from '../../../shared/application-schema'
import { RESUME_FIELD } from '../../../shared/resume-field'
import { RESUME_MESSAGES, resumeFileOf } from '../../../shared/resume-file'
import { unknownFieldMessage } from '../../../shared/schema-check'
import { readBodyBytes } from '../../http/body-bytes'
import { readJsonBody } from '../../http/json-body'
import type { ResumeUpload } from './service'

const FIELDS = Object.keys(ApplicationSchema.properties)

export type ApplicationBody =
  | { ok: true; fields: Record<string, unknown>; resume: ResumeUpload | null }
  | { ok: false; status: 400 | 413 | 415; error: string }

/** A posted file's bytes, as the service takes them. */
async function resumeUpload(file: File | null): Promise<ResumeUpload | null> {
  return file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null
}

/**
 * The multipart form of an application: the spec's fields as text and at most one `resume` file. As on
 * the JSON API, a field it does not know is refused.
 */
async function readMultipart(request: Request, type: string): Promise<ApplicationBody> {
  const bytes = await readBodyBytes(request, APPLICATION_UPLOAD_LIMIT_BYTES)
  if (!bytes) return { ok: false, status: 413, error: RESUME_MESSAGES.tooLarge }
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    return { ok: false, status: 400, error: APPLICATION_MESSAGES.unreadableForm }
  }
  const fields: Record<string, unknown> = {}
  for (const [name, value] of form) {
    if (name === RESUME_FIELD) {
      if (typeof value === 'string' && value !== '') return { ok: false, status: 400, error: RESUME_MESSAGES.notAFile }
      continue
    }
    if (!FIELDS.includes(name)) return { ok: false, status: 400, error: unknownFieldMessage(name) }
    if (typeof value !== 'string') return { ok: false, status: 400, error: `${name} must be text, not a file` }
    fields[name] ??= value
  }
  return { ok: true, fields, resume: await resumeUpload(resumeFileOf(form)) }
}

/**
 * `POST /api/job-applications`'s body: the spec's JSON (64 KB at most), or the same fields as
 * multipart/form-data with a résumé file (its 10 MB and room for the rest).
 */
export function readApplicationBody(request: Request): Promise<ApplicationBody> {
  const type = request.headers.get('content-type') ?? ''
  if (type.toLowerCase().startsWith('multipart/form-data')) return readMultipart(request, type)
  return readJsonBody(request, APPLICATION_BODY_LIMIT_BYTES, FIELDS).then((body) =>
    body.ok ? { ok: true, fields: body.value, resume: null } : body,
  )
}
