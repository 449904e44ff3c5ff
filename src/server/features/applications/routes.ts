import { Elysia } from 'elysia'
import {
  APPLICATION_BODY_LIMIT_BYTES,
  APPLICATION_MESSAGES,
  IDEMPOTENCY_KEY_PATTERN,
} from '../../../shared/application-rules'
import { ApplicationSchema } from '../../../shared/application-schema'
import { readJsonBody } from '../../http/json-body'
import type { ApplicationService } from './service'

const APPLICATION_PAYLOAD_FIELDS = Object.keys(ApplicationSchema.properties)

/** POST /api/job-applications: JSON only, 64 KB at most, answered 201 { id } once the row is stored. */
export function applicationRoutes(service: ApplicationService, clientKey: (request: Request) => string) {
  return new Elysia({ name: 'applications' }).post(
    '/api/job-applications',
    async ({ request, status, set }) => {
      const body = await readJsonBody(request, APPLICATION_BODY_LIMIT_BYTES, APPLICATION_PAYLOAD_FIELDS)
      if (!body.ok) return status(body.status, { error: body.error })
      const idempotencyKey = request.headers.get('idempotency-key') ?? undefined
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
        return status(400, { error: APPLICATION_MESSAGES.badIdempotencyKey })
      const result = await service.submit(body.value, clientKey(request), idempotencyKey)
      if (result.ok) return status(201, { id: result.id })
      if (result.retryAfterSeconds) set.headers['retry-after'] = String(result.retryAfterSeconds)
      return status(result.status, { error: result.error })
    },
    { parse: 'none' },
  )
}
