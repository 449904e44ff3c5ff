import { Elysia } from 'elysia'
import { applicationReference } from '../../../shared/application-reference'
import { APPLICATION_MESSAGES, IDEMPOTENCY_KEY_PATTERN } from '../../../shared/application-rules'
import { WRITE_UNCONFIRMED_STATUS } from '../../../shared/write-outcome'
import { jsonError } from '../../http/json-body'
import { readApplicationBody } from './read-application'
import type { ApplicationService } from './service'

/**
 * POST /api/job-applications: the spec's JSON, or multipart with a résumé file; answered
 * 201 { id, reference } once the application is stored. GET /api/careers/privacy: what the privacy
 * notice says that depends on the configuration.
 */
/** A refusal whose body is left unread: the connection is closed, so the client stops sending it. */
const unread = ({ status, error, retryAfterSeconds }: { status: number; error: string; retryAfterSeconds?: number }) =>
  jsonError(status, error, {
    connection: 'close',
    ...(retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {}),
  })

export function applicationRoutes(
  service: ApplicationService,
  {
    clientKey,
    origin,
    retentionDays,
  }: { clientKey: (request: Request) => string; origin: (request: Request) => string; retentionDays: number },
) {
  return new Elysia({ name: 'applications' })
    .get('/api/careers/privacy', () => ({ retentionDays }))
    .post(
      '/api/job-applications',
      async ({ request, status, set }) => {
        const idempotencyKey = request.headers.get('idempotency-key') ?? undefined
        if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
          return status(400, { error: APPLICATION_MESSAGES.badIdempotencyKey })
        // Decided from the headers: a refused upload is never read.
        const admission = await service.admitUpload(request, clientKey(request))
        if (!admission.ok) return unread(admission)
        try {
          const body = await readApplicationBody(request, admission)
          // Refused before its end (too large, no room): the rest is not read either.
          if (!body.ok) return unread(body)
          const result = await service.submit(body.fields, {
            clientKey: clientKey(request),
            idempotencyKey,
            resume: body.resume,
            origin: origin(request),
            counted: admission.counted,
          })
          if (result.ok)
            return status(201, {
              id: result.id,
              reference: result.id === null ? null : applicationReference(result.id),
            })
          if (result.retryAfterSeconds) set.headers['retry-after'] = String(result.retryAfterSeconds)
          if (result.status === WRITE_UNCONFIRMED_STATUS) set.headers['cache-control'] = 'no-store'
          return status(result.status, { error: result.error })
        } finally {
          admission.release()
        }
      },
      { parse: 'none' },
    )
}
