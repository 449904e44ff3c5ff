import { expect, test } from 'bun:test'
import { tinyPdf } from '../../../../tests/support/documents'
import type { TestApp } from '../../../../tests/support/test-app'
import { fields, openJob, paddedPdf, uploadTestApp } from '../../../../tests/support/uploads'
import { APPLICATION_MESSAGES } from '../../../shared/application-rules'
import { jobPath } from '../../../shared/paths'
import { applicationFiles, jobApplications } from '../../db/schema'

/** The day's budget of stored résumés (decision 0025), at the gate and in the write that stores one. */
let t: TestApp
const { clock, upload } = uploadTestApp((app) => {
  t = app
})

test("past the day's budget of stored résumés, uploads are refused (503) with a warning; text still goes", async () => {
  expect((await upload('198.51.100.10', paddedPdf(900))).res.status).toBe(201)
  expect((await upload('198.51.100.11', paddedPdf(900))).res.status).toBe(201)
  const full = await upload('198.51.100.12', paddedPdf(900))
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
  clock.now += 24 * 60 * 60 * 1000 + 1
  expect((await upload('198.51.100.13', paddedPdf(900))).res.status).toBe(201)
})

test("uploads admitted at once do not all fill the day's budget: each is measured against it as it is stored", async () => {
  for (const path of ['/api/job-applications', jobPath(openJob.slug)]) {
    await t.db.delete(applicationFiles)
    await t.db.delete(jobApplications)
    const answers = await Promise.all(
      ['198.51.100.20', '198.51.100.21', '198.51.100.22'].map((client) =>
        upload(client, paddedPdf(600), 'cv.pdf', path),
      ),
    )
    // Each found the budget empty at the gate and was read; stored in turn, the third found it full.
    expect(answers.map(({ read }) => read)).toEqual([true, true, true])
    const refused = answers.filter(({ res }) => res.status === 503)
    expect(refused).toHaveLength(1)
    expect(refused[0]!.res.headers.get('retry-after')).toBe('3600')
    const text = await refused[0]!.res.text()
    expect(path === '/api/job-applications' ? JSON.parse(text) : text).toEqual(
      path === '/api/job-applications'
        ? { error: APPLICATION_MESSAGES.uploadsPaused }
        : expect.stringContaining(APPLICATION_MESSAGES.uploadsPaused),
    )
    expect(await t.db.select({ id: applicationFiles.applicationId }).from(applicationFiles)).toHaveLength(2)
  }
})

test('a résumé within 64 KB is not paused by a spent budget: it is read as text is (decision 0025)', async () => {
  for (const client of ['198.51.100.40', '198.51.100.41'])
    expect((await upload(client, paddedPdf(600))).res.status).toBe(201)
  expect((await upload('198.51.100.42', paddedPdf(600))).res.status).toBe(503)
  expect((await upload('198.51.100.42', tinyPdf())).res.status).toBe(201)
})

test('the same upload sent twice at once with its idempotency key gets its id both times, even as the budget fills', async () => {
  expect((await upload('198.51.100.30', paddedPdf(600))).res.status).toBe(201)
  const key = { 'idempotency-key': 'same-click-twice' }
  const answers = await Promise.all(
    ['198.51.100.31', '198.51.100.32'].map((client) =>
      upload(client, paddedPdf(500), 'cv.pdf', '/api/job-applications', 0, key),
    ),
  )
  expect(answers.map(({ res }) => res.status)).toEqual([201, 201])
  const ids = await Promise.all(answers.map(async ({ res }) => ((await res.json()) as { id: number }).id))
  expect(ids[0]).toBe(ids[1]!)
})
