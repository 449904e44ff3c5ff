import { Elysia, t } from 'elysia'
import { MEDIA_MESSAGES, MEDIA_UPLOAD_LIMIT_BYTES } from '../../../shared/media'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readBodyBytes } from '../../http/body-bytes'
import { MEDIA_FILE_NAME, MEDIA_PREFIX, MEDIA_ROUTE, sendMediaFile } from './send-file'
import type { MediaService } from './service'

/** Room for the multipart framing and the alt text around the file itself. */
const UPLOAD_BODY_LIMIT_BYTES = MEDIA_UPLOAD_LIMIT_BYTES + 64 * 1024

type UploadBody = { ok: true; file: File; alt: string } | { ok: false; status: 400 | 413 | 415; error: string }

/** The `file` (and optional `alt`) of a multipart upload, with a JSON error for every way it can be wrong. */
async function readUpload(request: Request): Promise<UploadBody> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return { ok: false, status: 415, error: `Send the image as multipart/form-data. ${MEDIA_MESSAGES.wrongType}` }
  }
  const bytes = await readBodyBytes(request, UPLOAD_BODY_LIMIT_BYTES)
  if (!bytes) return { ok: false, status: 413, error: MEDIA_MESSAGES.tooLarge }
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    return { ok: false, status: 400, error: MEDIA_MESSAGES.noFile }
  }
  const file = form.get('file')
  if (!(file instanceof File)) return { ok: false, status: 400, error: MEDIA_MESSAGES.noFile }
  if (file.size > MEDIA_UPLOAD_LIMIT_BYTES) return { ok: false, status: 413, error: MEDIA_MESSAGES.tooLarge }
  const alt = form.get('alt')
  return { ok: true, file, alt: typeof alt === 'string' ? alt : '' }
}

/**
 * Uploads (administrator) and the files made of them (public, immutable), sent with `answerHeaders` (the
 * security headers) as the front door sends them.
 */
export function mediaRoutes(service: MediaService, session: AdminSessionPlugin, answerHeaders: Record<string, string>) {
  return new Elysia({ name: 'media' })
    .use(session)
    .get(MEDIA_ROUTE, async ({ params, request, status }) => {
      // The name as sent, not as decoded: one file has one URL (a percent-encoded twin is not it).
      const asSent = new URL(request.url).pathname === `${MEDIA_PREFIX}${params.name}`
      const file = asSent && MEDIA_FILE_NAME.test(params.name) ? await service.file(params.name) : null
      if (!file) return status(404, { error: MEDIA_MESSAGES.notFound })
      return sendMediaFile(request, file, answerHeaders)
    })
    .post(
      '/api/media',
      async ({ request, set, status }) => {
        const upload = await readUpload(request)
        if (!upload.ok) return status(upload.status, { error: upload.error })
        const bytes = new Uint8Array(await upload.file.arrayBuffer())
        const result = await service.upload(bytes, { name: upload.file.name, alt: upload.alt })
        if (result.ok) return status(201, result.media)
        if (result.retryAfterSeconds) set.headers['retry-after'] = String(result.retryAfterSeconds)
        return status(result.status, { error: result.error })
      },
      { staff: 'media.upload', parse: 'none' },
    )
    .get('/api/media', () => service.list(), { staff: 'media.upload' })
    .delete(
      '/api/media/:id',
      async ({ params, status }) => {
        const outcome = await service.remove(params.id)
        if (outcome === 'notFound') return status(404, { error: MEDIA_MESSAGES.notFound })
        if (outcome === 'inUse') return status(409, { error: MEDIA_MESSAGES.inUse })
        return { ok: true }
      },
      { staff: 'media.manage', params: t.Object({ id: t.Integer({ minimum: 1 }) }), parse: 'none' },
    )
}
