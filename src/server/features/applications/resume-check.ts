import type { ResumeFormat } from '../../../shared/resume-file'
import { detectResumeFormat, isZipArchive } from './resume-format'

/**
 * The longest a résumé archive may take to inspect. A real document inflates in tens of milliseconds; past
 * this the archive is refused and its thread stopped.
 */
export const RESUME_CHECK_TIMEOUT_MS = 3000

const WORKER = new URL('./resume-check.worker.ts', import.meta.url)

/**
 * A résumé's format by its bytes, or null when it is none the site takes. Zip archives (DOCX, ODT) are
 * inflated entry by entry in a thread of their own, stopped after `timeoutMs`: a zip bomb costs that
 * thread a bounded time, never the event loop. Each check has its own thread, so its memory goes with it.
 */
export async function checkResumeFormat(
  bytes: Uint8Array,
  { timeoutMs = RESUME_CHECK_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<ResumeFormat | null> {
  if (!isZipArchive(bytes)) return detectResumeFormat(bytes)
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
