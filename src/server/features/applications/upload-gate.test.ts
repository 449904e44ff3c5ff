import { expect, test } from 'bun:test'
import { tinyPdf, zipBombDocx } from '../../../../tests/support/documents'
import type { TestApp } from '../../../../tests/support/test-app'
import { fields, openJob, paddedPdf, streamedApplication, uploadTestApp } from '../../../../tests/support/uploads'
import {
  APPLICATION_MESSAGES,
  APPLICATION_RATE_LIMIT,
  APPLICATION_UPLOAD_LIMIT_BYTES,
} from '../../../shared/application-rules'
import { jobPath } from '../../../shared/paths'
import { RESUME_MESSAGES } from '../../../shared/resume-file'
import { jobApplications, rateLimits } from '../../db/schema'
import { createRateLimit } from '../../http/rate-limit'
import { APPLICATION_RATE_LIMIT_SCOPE } from './service'
import { createUploadGate } from './upload-gate'

const MB = 1024 * 1024
let t: TestApp
const { clock, upload } = uploadTestApp((app) => {
  t = app
})

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
  expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('a form upload cut off on the way gives its place back: the same client may send the form again', async () => {
  const sent = await streamedApplication(paddedPdf(200))
  const whole = new Uint8Array(await new Response(sent.body).arrayBuffer())
  const cut = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(whole.subarray(0, 50_000))
      controller.error(new Error('the connection was lost'))
    },
  })
  const headers = { ...sent.headers, origin: 'http://localhost', 'x-forwarded-for': '198.51.100.6' }
  const lost = await t.request(jobPath(openJob.slug), { method: 'POST', headers, body: cut }).catch(() => null)
  expect(lost?.status ?? 500).toBeGreaterThanOrEqual(400)
  expect((await upload('198.51.100.6', paddedPdf(100), 'cv.pdf', jobPath(openJob.slug))).res.status).toBe(303)
})

test('an upload that takes a moment to arrive is read whole, whatever the site clock says (years ahead here)', async () => {
  const { res } = await upload('198.51.100.5', paddedPdf(100), 'cv.pdf', '/api/job-applications', 200)
  expect(res.status).toBe(201)
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
  expect([res.status, await res.json()]).toEqual([400, { error: RESUME_MESSAGES.noName }])
})

test('the form without JavaScript says when to come back for a refusal found after the gate (two at once, one place left)', async () => {
  const page = jobPath(openJob.slug)
  for (let i = 0; i < APPLICATION_RATE_LIMIT.max - 1; i++)
    expect((await upload('198.51.100.43', tinyPdf(), 'cv.pdf', page)).res.status).toBe(303)
  const answers = await Promise.all([0, 1].map(() => upload('198.51.100.43', tinyPdf(), 'cv.pdf', page)))
  expect(answers.map(({ res }) => res.status).sort()).toEqual([303, 429])
  const over = answers.find(({ res }) => res.status === 429)!.res
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('an upload takes its room in memory when its first bytes arrive; past the room it waits, then is refused', async () => {
  const limit = createRateLimit(t.db, APPLICATION_RATE_LIMIT_SCOPE, { max: 100, windowMs: 60_000 })
  const gate = createUploadGate(t.db, {
    limit,
    clock: () => clock.now,
    dailyBudgetBytes: 100 * MB,
    inMemory: { capacity: 2 * MB, queue: 1, waitMs: 50, retryAfterSeconds: 7 },
  })
  const declaring = (bytes: number) =>
    new Request('http://localhost/api/job-applications', {
      method: 'POST',
      headers: { 'content-length': String(bytes) },
      body: new Uint8Array(1),
    })
  const admitted = async (client: string) => {
    const admission = await gate.admit(declaring(MB), client)
    if (!admission.ok) throw new Error(`refused: ${admission.error}`)
    return admission
  }
  const counted = async (client: string) =>
    (await t.db.select().from(rateLimits)).find((row) => row.key.endsWith(`:${client}`))?.count
  // Admitted uploads that have sent nothing hold nothing: a sender that sends nothing takes no room.
  const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(admitted))
  expect(gate.stats().heldBytes).toBe(0)
  // The first bytes take the whole declared length: an upload under way never waits again.
  expect([await a!.charge(1000), await b!.charge(1000)]).toEqual([true, true])
  expect(gate.stats().heldBytes).toBe(2 * MB)
  expect(await a!.charge(MB - 1000)).toBe(true)
  // One waits for room; the line holds one, so the next is refused at once, and not counted: it was the
  // server's want of room, not what the client sent.
  const waiting = c!.charge(1000)
  expect(await d!.charge(1000)).toBe(false)
  expect(await counted('d')).toBe(0)
  a!.release()
  expect(await waiting).toBe(true)
  expect(gate.stats().refused.memory).toBe(1)
  // One upload per client at a time: a second one while the first is under way is refused from its headers.
  expect(await gate.admit(declaring(MB), 'b')).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 7 })
  for (const admission of [b, c, d]) admission!.release()
  await Bun.sleep(0)
  expect(gate.stats().heldBytes).toBe(0)
  // The body must arrive in time: 15 s and a second for every 128 KB.
  expect((await admitted('e')).withinMs).toBe(15_000 + 8_000)
  // A text-only application is not counted here and takes no room.
  expect(await gate.admit(declaring(1000), 'f')).toMatchObject({ ok: true, counted: false })
  // A length that is no length is refused before anything.
  const lying = new Request('http://localhost/', { method: 'POST', headers: { 'content-length': '5, 5' }, body: 'x' })
  expect(await gate.admit(lying, 'g')).toMatchObject({ ok: false, status: 400 })
})

test('a form without a file counts when stored, a small refused résumé counts, and so does a resent upload', async () => {
  // As a browser sends it: with its length.
  const post = async (client: string, form: FormData, key?: string) => {
    const carrier = new Request('http://localhost/', { method: 'POST', body: form })
    const type = carrier.headers.get('content-type')!
    const body = new Uint8Array(await carrier.arrayBuffer())
    return t.request('/api/job-applications', {
      method: 'POST',
      headers: {
        'content-type': type,
        'content-length': String(body.byteLength),
        origin: 'http://localhost',
        'x-forwarded-for': client,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body,
    })
  }
  const form = (file?: File, extra: Record<string, string> = {}) => {
    const body = new FormData()
    for (const [key, value] of Object.entries({ ...fields, ...extra })) body.append(key, value)
    if (file) body.append('resume', file)
    return body
  }
  const count = async () => (await t.db.select().from(rateLimits))[0]?.count ?? 0
  // The form without JavaScript, no file, a field wrong: refused, not counted.
  expect((await post('198.51.100.40', form(undefined, { email: 'nope' }))).status).toBe(400)
  expect(await count()).toBe(0)
  // A small file that is no document: refused and counted.
  expect((await post('198.51.100.40', form(new File(['MZ not a document'], 'cv.pdf')))).status).toBe(415)
  expect(await count()).toBe(1)
  // Stored once, sent again with its key (a file past 64 KB, which the gate counts before reading it): the
  // same id, and both counted, since each was read.
  const large = new Uint8Array(100 * 1024)
  large.set(tinyPdf())
  const first = await post('198.51.100.40', form(new File([large], 'cv.pdf')), 'resend-key-1')
  const again = await post('198.51.100.40', form(new File([large], 'cv.pdf')), 'resend-key-1')
  expect([first.status, again.status]).toEqual([201, 201])
  expect((await again.json()).id).toBe((await first.json()).id)
  expect(await count()).toBe(3)
})
