import { Elysia } from 'elysia'
import { APPLICATION_BODY_LIMIT_BYTES } from '../../../shared/application-rules'
import type { ApplicationService } from './service'

/** Reads at most `limit` bytes of the body; null when it is larger. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN')
  if (declared > limit) return null
  const body = await request.arrayBuffer()
  return body.byteLength > limit ? null : new TextDecoder().decode(body)
}

/** POST /api/job-applications: JSON only, 64 KB at most, answered 201 { id } once the row is stored. */
export function applicationRoutes(service: ApplicationService, clientKey: (request: Request) => string) {
  return new Elysia({ name: 'applications' }).post(
    '/api/job-applications',
    async ({ request, status, set }) => {
      if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
        return status(415, { error: 'Applications must be sent as JSON (Content-Type: application/json)' })
      }
      const text = await readLimited(request, APPLICATION_BODY_LIMIT_BYTES)
      if (text === null) return status(413, { error: 'The application is too large' })
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return status(400, { error: 'The application is not valid JSON' })
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return status(400, { error: 'The application must be a JSON object' })

      const result = await service.submit(body as Record<string, unknown>, clientKey(request))
      if (result.ok) return status(201, { id: result.id })
      if (result.retryAfterSeconds) set.headers['retry-after'] = String(result.retryAfterSeconds)
      return status(result.status, { error: result.error })
    },
    { parse: 'none' },
  )
}
