import type { ResumeFormat } from '../../../shared/resume-file'
import { serverSource } from '../../repo-paths'
import { createProcessingQueue, ProcessingBusyError } from '../../tasks/processing-queue'
import { detectResumeFormat, isZipArchive } from './resume-format'

/**
 * The longest a résumé archive may take to inspect. A real document inflates in tens of milliseconds; past
 * this the archive is refused and its thread stopped.
 */
export const RESUME_CHECK_TIMEOUT_MS = 3000

const WORKER = serverSource('features/applications/resume-check.worker.ts')

/**
 * Archives inspected at once per process, one core's worth: a flood of archives waits its turn (at most
 * 5 s, 16 in line) rather than sharing the cores and running every check past its time limit.
 */
const RESUME_CHECKS = {
  concurrency: 1,
  queue: 16,
  maxWaitMs: 5000,
  retryAfterSeconds: 5,
  timeLimitSeconds: RESUME_CHECK_TIMEOUT_MS / 1000,
}
const turns = createProcessingQueue(RESUME_CHECKS)

/** No turn to inspect the archive came in time: answer 503 with Retry-After. */
export const CHECKS_BUSY = 'busy'

/**
 * A résumé's format by its bytes, or null when it is none the site takes. Zip archives (DOCX, ODT) are
 * inflated entry by entry in a thread of their own, one at a time (RESUME_CHECKS), stopped after
 * `timeoutMs`: a zip bomb costs that thread a bounded time, never the event loop. Each check has its own
 * thread, so its memory goes with it. `busy` when no turn came in time.
 */
export async function checkResumeFormat(
  bytes: Uint8Array,
  { timeoutMs = RESUME_CHECK_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<ResumeFormat | null | typeof CHECKS_BUSY> {
  if (!isZipArchive(bytes)) return detectResumeFormat(bytes)
  try {
    return await turns.run(() => inspectInThread(bytes, timeoutMs))
  } catch (error) {
    if (error instanceof ProcessingBusyError) return CHECKS_BUSY
    throw error
  }
}

async function inspectInThread(bytes: Uint8Array, timeoutMs: number): Promise<ResumeFormat | null> {
  const worker = new Worker(WORKER)
  try {
    return await new Promise<ResumeFormat | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs)
      worker.onmessage = (event: MessageEvent<ResumeFormat | null>) => {
        clearTimeout(timer)
        resolve(event.data)
      }
      worker.onerror = () => {
        clearTimeout(timer)
        resolve(null)
      }
      worker.postMessage(bytes)
    })
  } finally {
    worker.terminate()
  }
}
