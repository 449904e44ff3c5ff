import { Elysia } from 'elysia'
import { STAFF_MESSAGES } from '../../shared/staff'
import type { UnavailableStatus } from '../../shared/write-outcome'
import {
  DISK_FULL,
  isDatabaseBusy,
  isDatabaseUnavailable,
  isDiskFull,
  unavailableReason,
  WRITE_UNCONFIRMED,
} from '../db/errors'
import { isWriteInDoubt, WRITE_IN_DOUBT_LOG } from '../db/unconfirmed-writes'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { loggablePath } from '../observability/request-log'
import { NoLongerAllowed } from './after-body'

/** The "temporarily unavailable" answer (render/unavailable-page.ts). */
type UnavailableAnswer = (
  request: Request,
  headers: Record<string, unknown>,
  nonce: string | undefined,
  status?: UnavailableStatus,
) => Response | Promise<Response>

/**
 * How errors thrown anywhere are answered: a schema error is a 400 naming the field, a write the database
 * stopped answering, or an outage after the request stored a write, a 504 saying it may have been stored (logged), a database out of reach or busy the 503
 * page (logged), a full disk a 507 saying so (logged), anything else unexpected a 500
 * with the request id and no internals (logged with its stack). Errors that carry their own status below 500 keep it.
 */
export function errorAnswers(logger: Logger, databaseUnavailable: UnavailableAnswer) {
  return new Elysia({ name: 'error-answers' }).onError({ as: 'global' }, (ctx) => {
    if (ctx.code === 'NOT_FOUND') return
    if (ctx.code === 'VALIDATION') {
      const first = ctx.error.valueError
      ctx.set.status = 400
      return {
        error: first
          ? `Invalid ${ctx.error.type} ${first.path.slice(1) || 'value'}: ${first.message}`
          : 'Invalid request',
      }
    }
    if (ctx.error instanceof NoLongerAllowed) {
      ctx.set.status = ctx.error.status
      ctx.set.headers['cache-control'] = 'no-store'
      return { error: ctx.error.status === 401 ? STAFF_MESSAGES.authenticationRequired : STAFF_MESSAGES.forbidden }
    }
    const status = 'status' in ctx.error && typeof ctx.error.status === 'number' ? ctx.error.status : 500
    if (ctx.code === 'PARSE' || status < 500) return
    const requestId = 'requestId' in ctx ? (ctx.requestId as string) : undefined
    // Before the 503 below, which promises that nothing was stored.
    if (isWriteInDoubt(ctx.error)) {
      logger.error(WRITE_IN_DOUBT_LOG, {
        requestId,
        path: loggablePath(ctx.path),
        error: unavailableReason(ctx.error),
      })
      const nonce = 'nonce' in ctx ? (ctx.nonce as string) : undefined
      return databaseUnavailable(ctx.request, ctx.set.headers, nonce, WRITE_UNCONFIRMED.status)
    }
    if (isDatabaseUnavailable(ctx.error)) {
      logger.error(isDatabaseBusy(ctx.error) ? 'database busy' : 'database unreachable', {
        requestId,
        path: loggablePath(ctx.path),
        error: unavailableReason(ctx.error),
      })
      return databaseUnavailable(ctx.request, ctx.set.headers, 'nonce' in ctx ? (ctx.nonce as string) : undefined)
    }
    if (isDiskFull(ctx.error)) {
      logger.error('disk full: a write was refused', { requestId, path: loggablePath(ctx.path) })
      ctx.set.status = DISK_FULL.status
      ctx.set.headers['cache-control'] = 'no-store'
      return { error: DISK_FULL.message, requestId }
    }
    logger.error('unhandled error', { requestId, path: loggablePath(ctx.path), ...errorFields(ctx.error) })
    ctx.set.status = 500
    return { error: 'Internal server error', requestId }
  })
}
