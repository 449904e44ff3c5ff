import { KEEP_IN_MIND_FACTOR } from '../../../shared/application-rules'
import type { AuditLog } from '../../audit/audit-log'
import { errorFields } from '../../observability/error-fields'
import type { Logger } from '../../observability/logger'
import type { ApplicationAdminService } from './admin-service'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/**
 * Deletes applications, with their résumé files, notes and mail, once they are older than the retention
 * period (APPLICATION_RETENTION_DAYS; KEEP_IN_MIND_FACTOR times that for an applicant who asked to be kept in
 * mind for future roles), and logs each deletion in the audit log. Runs at start and every
 * hour; `clock` is the test's way to move time. Several processes may run it: a delete is idempotent.
 */
export function createApplicationRetention({
  service,
  audit,
  days,
  logger,
  clock = Date.now,
  intervalMs = HOUR_MS,
}: {
  service: Pick<ApplicationAdminService, 'expire'>
  audit: Pick<AuditLog, 'record'>
  days: number
  logger: Logger
  clock?: () => number
  intervalMs?: number
}) {
  async function runOnce(): Promise<number> {
    const now = clock()
    const deleted = await service.expire(now - days * DAY_MS, now - days * KEEP_IN_MIND_FACTOR * DAY_MS)
    if (deleted > 0) {
      await audit.record('applications.expired', {
        clientAddress: 'retention',
        subject: `${deleted} ${deleted === 1 ? 'application' : 'applications'} older than ${days} days`,
      })
      logger.info('deleted applications past their retention period', { deleted, days })
    }
    return deleted
  }

  let timer: ReturnType<typeof setInterval> | undefined
  const run = () =>
    runOnce().catch((error: unknown) => logger.error('deleting old applications failed', errorFields(error)))
  return {
    runOnce,
    start() {
      void run()
      timer = setInterval(run, intervalMs)
    },
    stop: () => clearInterval(timer),
  }
}
