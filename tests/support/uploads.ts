import { afterAll, beforeAll, beforeEach } from 'bun:test'
import { jobs } from '../../src/content/jobs'
import { applicationFiles, jobApplications, rateLimits } from '../../src/server/db/schema'
import { tinyPdf } from './documents'
import { createTestApp, type TestApp } from './test-app'

export const openJob = jobs.find((job) => job.status === 'active')!
/** The spec's fields of an application to the first open job, as a form sends them. */
export const fields = {
  jobId: String(openJob.id),
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  coverLetter: 'Hi',
}

/**
 * A multipart application whose body is a stream that counts how much of it the server asked for, its bytes
 * arriving `delayMs` after they are asked for.
 */
export async function streamedApplication(file: Uint8Array<ArrayBuffer>, fileName = 'cv.pdf', delayMs = 0) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('resume', new File([file], fileName))
  const carrier = new Request('http://localhost/', { method: 'POST', body: form })
  // Read before the body: its boundary is the body's.
  const type = carrier.headers.get('content-type')!
  const bytes = new Uint8Array(await carrier.arrayBuffer())
  let pulled = 0
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        pulled++
        if (delayMs > 0) await Bun.sleep(delayMs)
        controller.enqueue(bytes)
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  return {
    headers: { 'content-type': type, 'content-length': String(bytes.byteLength) },
    body,
    read: () => pulled > 0,
  }
}

/** A PDF of `kb` kilobytes: past the size of a text-only application, so the gate reads it as an upload. */
export function paddedPdf(kb: number) {
  const pdf = new Uint8Array(kb * 1024)
  pdf.set(tinyPdf())
  return pdf
}

/** `file` sent as the résumé of an application by `client` (behind the trusted proxy); whether its body was read. */
export async function sendUpload(
  t: TestApp,
  client: string,
  file: Uint8Array<ArrayBuffer>,
  fileName?: string,
  path = '/api/job-applications',
  delayMs = 0,
  extraHeaders: Record<string, string> = {},
) {
  const sent = await streamedApplication(file, fileName, delayMs)
  const res = await t.request(path, {
    method: 'POST',
    headers: { ...sent.headers, origin: 'http://localhost', 'x-forwarded-for': client, ...extraHeaders },
    body: sent.body,
  })
  return { res, read: sent.read() }
}

export type UploadArgs = Parameters<typeof sendUpload> extends [TestApp, ...infer Rest] ? Rest : never

/**
 * The upload tests' app, made once per file and handed to `use`: behind the trusted proxy (to act as many
 * clients), with a budget of 1 MB of résumés a day, emptied of applications and limits before each test.
 * `clock.now` is its time; `upload` sends a résumé to it.
 */
export function uploadTestApp(use: (t: TestApp) => void) {
  const clock = { now: Date.UTC(2030, 0, 1, 12) }
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now, trustProxy: true, uploadBudgetMbPerDay: 1 })
    use(t)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.db.delete(applicationFiles)
    await t.db.delete(jobApplications)
    await t.db.delete(rateLimits)
  })
  return { clock, upload: (...args: UploadArgs) => sendUpload(t, ...args) }
}
