import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test'
import { tinyPdf, zipBombDocx } from '../../../../tests/support/documents'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import {
  APPLICATION_MESSAGES,
  APPLICATION_RATE_LIMIT,
  APPLICATION_UPLOAD_LIMIT_BYTES,
} from '../../../shared/application-rules'
import { jobPath } from '../../../shared/paths'
import { RESUME_MESSAGES } from '../../../shared/resume-file'
import { applicationFiles, jobApplications, rateLimits } from '../../db/schema'
import { createRateLimit } from '../../http/rate-limit'
import { APPLICATION_RATE_LIMIT_SCOPE } from './service'
import { createUploadGate } from './upload-gate'

const MB = 1024 * 1024
let now = Date.UTC(2030, 0, 1, 12)
let t: TestApp
beforeAll(async () => {
  // Behind the trusted proxy, to act as many clients; a budget of 1 MB of résumés a day.
  t = await createTestApp({ now: () => now, trustProxy: true, uploadBudgetMbPerDay: 1 })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(applicationFiles)
  await t.db.delete(jobApplications)
  await t.db.delete(rateLimits)
})

const openJob = jobs.find((job) => job.status === 'active')!
const fields = { jobId: String(openJob.id), fullName: 'Ada Lovelace', email: 'ada@example.com', coverLetter: 'Hi' }

/** A multipart application whose body is a stream that counts how much of it the server asked for. */
async function streamedApplication(file: Uint8Array<ArrayBuffer>, fileName = 'cv.pdf') {
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
      pull(controller) {
        pulled++
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

async function upload(
  client: string,
  file: Uint8Array<ArrayBuffer>,
  fileName?: string,
  path = '/api/job-applications',
) {
  const sent = await streamedApplication(file, fileName)
  const res = await t.request(path, {
    method: 'POST',
    headers: { ...sent.headers, origin: 'http://localhost', 'x-forwarded-for': client },
    body: sent.body,
  })
  return { res, read: sent.read() }
}

test('a client over its limit is refused from the headers (429), its body never read; refused uploads count', async () => {
  // Four zip bombs in a row: each refused as no document, each counted.
  for (let i = 0; i < 4; i++) {
    const { res } = await upload('198.51.100.1', zipBombDocx())
    expect([res.status, await res.json()]).toEqual([415, { error: RESUME_MESSAGES.wrongType }])
  }
  expect((await upload('198.51.100.1', tinyPdf())).res.status).toBe(201)
  expect(APPLICATION_RATE_LIMIT.max).toBe(5)
  const over = await upload('198.51.100.1', tinyPdf())
  expect(over.res.status).toBe(429)
  expect(await over.res.json()).toEqual({ error: APPLICATION_MESSAGES.tooMany })
  expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(over.res.headers.get('connection')).toBe('close')
  expect(over.read).toBe(false)
  // Only the one real résumé was stored.
  expect(await t.db.select({ id: jobApplications.id }).from(jobApplications)).toHaveLength(1)
  // Another client is not held up.
  expect((await upload('198.51.100.2', tinyPdf())).res.status).toBe(201)
})

test('the form without JavaScript is refused the same way, with the page and its message', async () => {
  for (let i = 0; i < APPLICATION_RATE_LIMIT.max; i++)
    expect((await upload('198.51.100.3', tinyPdf(), 'cv.pdf', jobPath(openJob.slug))).res.status).toBe(303)
  const over = await upload('198.51.100.3', tinyPdf(), 'cv.pdf', jobPath(openJob.slug))
  expect(over.res.status).toBe(429)
  expect(over.read).toBe(false)
  expect(await over.res.text()).toContain(APPLICATION_MESSAGES.tooMany)
})

test('a declared length past the limit is refused before reading, and counts', async () => {
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(APPLICATION_UPLOAD_LIMIT_BYTES + 1),
      origin: 'http://localhost',
      'x-forwarded-for': '198.51.100.4',
    },
    body: new ReadableStream({ pull: () => expect.unreachable('the body was read') }, { highWaterMark: 0 }),
  })
  expect([res.status, await res.json()]).toEqual([413, { error: RESUME_MESSAGES.tooLarge }])
  const [row] = await t.db.select().from(rateLimits)
  expect(row).toMatchObject({ count: 1 })
})

test('a résumé part sent with filename="" is a 400 that says so, not a server error', async () => {
  const boundary = 'b0undary'
  const part = (name: string, value: string, file = false) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename=""' : ''}\r\n\r\n${value}\r\n`
  const body =
    Object.entries(fields)
      .map(([name, value]) => part(name, value))
      .join('') +
    part('resume', '%PDF-1.4 a résumé', true) +
    `--${boundary}--\r\n`
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'http://localhost' },
    body,
  })
  const got = await res.json()
  console.log(got)
  expect([res.status, got]).toEqual([400, { error: RESUME_MESSAGES.noName }])
})

test("past the day's budget of stored résumés, uploads are refused (503) with a warning; text still goes", async () => {
  const photo = () => {
    const pdf = new Uint8Array(900 * 1024)
    pdf.set(tinyPdf())
    return pdf
  }
  expect((await upload('198.51.100.10', photo())).res.status).toBe(201)
  expect((await upload('198.51.100.11', photo())).res.status).toBe(201)
  const full = await upload('198.51.100.12', photo())
  expect(full.res.status).toBe(503)
  expect(await full.res.json()).toEqual({ error: APPLICATION_MESSAGES.uploadsPaused })
  expect(full.res.headers.get('retry-after')).toBe('3600')
  expect(full.read).toBe(false)
  expect(t.logs.filter((line) => line.level === 'warn' && /budget/.test(line.message))).toHaveLength(1)
  const text = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '198.51.100.12' },
    body: JSON.stringify({ ...fields, jobId: openJob.id, jobTitle: openJob.title, resumeText: 'Engines' }),
  })
  expect(text.status).toBe(201)
  // A day later the budget has room again.
  now += 24 * 60 * 60 * 1000 + 1
  expect((await upload('198.51.100.13', photo())).res.status).toBe(201)
})

test('uploads past the room in memory wait their turn, and past the wait are refused with Retry-After', async () => {
  const limit = createRateLimit(t.db, APPLICATION_RATE_LIMIT_SCOPE, { max: 100, windowMs: 60_000 })
  const gate = createUploadGate(t.db, {
    limit,
    dailyBudgetBytes: 100 * MB,
    inMemory: { capacity: 2 * MB, queue: 1, waitMs: 50, retryAfterSeconds: 7 },
  })
  const declaring = (bytes: number) =>
    new Request('http://localhost/api/job-applications', {
      method: 'POST',
      headers: { 'content-length': String(bytes) },
      body: new Uint8Array(1),
    })
  const first = await gate.admit(declaring(MB), 'a')
  const second = await gate.admit(declaring(MB), 'b')
  expect([first.ok, second.ok]).toEqual([true, true])
  expect(gate.stats().heldBytes).toBe(2 * MB)
  // One waits in line; the line holds one, so the next is refused at once.
  const waiting = gate.admit(declaring(MB), 'c')
  const refused = await gate.admit(declaring(MB), 'd')
  expect(refused).toEqual({ ok: false, status: 503, error: APPLICATION_MESSAGES.uploadsBusy, retryAfterSeconds: 7 })
  if (first.ok) first.release()
  expect((await waiting).ok).toBe(true)
  // Nobody gives room back in time: refused after the wait.
  expect(await gate.admit(declaring(MB), 'e')).toMatchObject({ ok: false, status: 503 })
  expect(gate.stats().refused.memory).toBe(2)
  // A text-only application holds no room and is not counted here.
  expect(await gate.admit(declaring(1000), 'f')).toMatchObject({ ok: true, counted: false })
})
