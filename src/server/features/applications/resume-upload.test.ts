import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import {
  elfExecutable,
  tinyDoc,
  tinyDocx,
  tinyOdt,
  tinyPdf,
  tinyRtf,
  windowsExecutable,
} from '../../../../tests/support/documents'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { APPLICATION_MESSAGES } from '../../../shared/application-rules'
import { RESUME_FORMATS, RESUME_MESSAGES, type ResumeFormat } from '../../../shared/resume-file'
import { applicationFiles, jobApplications } from '../../db/schema'

let t: TestApp
beforeAll(async () => {
  // Behind the trusted proxy each request posts from its own address, so the rate limit never interferes.
  t = await createTestApp({ trustProxy: true })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(applicationFiles)
  await t.db.delete(jobApplications)
})

const openJob = jobs.find((job) => job.status === 'active')!
const fields = {
  jobId: String(openJob.id),
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  coverLetter: 'Engines.',
}
let client = 0
function form(file: Uint8Array<ArrayBuffer> | null, name = 'cv.pdf', extra: Record<string, string> = {}) {
  const body = new FormData()
  for (const [key, value] of Object.entries({ ...fields, ...extra })) body.append(key, value)
  if (file) body.append('resume', new File([file], name))
  return body
}
const apply = (body: FormData) =>
  t.request('/api/job-applications', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'x-forwarded-for': `198.51.100.${++client % 250}` },
    body,
  })
const stored = async () => ({
  applications: await t.db.select().from(jobApplications),
  files: await t.db.select().from(applicationFiles),
})

const documents: [ResumeFormat, () => Uint8Array<ArrayBuffer>][] = [
  ['pdf', tinyPdf],
  ['docx', tinyDocx],
  ['odt', tinyOdt],
  ['doc', () => tinyDoc()],
  ['rtf', tinyRtf],
]

describe('a résumé file is accepted by its bytes', () => {
  test.each(documents)('%s: stored with the application, byte for byte, named for what it is', async (format, make) => {
    const bytes = make()
    // Named wrongly on purpose: the bytes decide, and the stored name gets the right extension.
    const res = await apply(form(bytes, 'Ada CV final.bin'))
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }
    const { files } = await stored()
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ applicationId: id, format, size: bytes.byteLength })
    expect(files[0]!.fileName).toBe(`Ada CV final.${RESUME_FORMATS[format].extension}`)
    expect(new Uint8Array(files[0]!.bytes)).toEqual(bytes)
  })

  test('a file alone satisfies the résumé; neither text nor file is refused', async () => {
    expect((await apply(form(tinyPdf()))).status).toBe(201)
    const none = await apply(form(null))
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({ error: APPLICATION_MESSAGES.resumeRequired })
    // A form with no file chosen sends an empty part: that is no file, and the text does.
    const body = form(null, '', { resumeText: 'Pasted.' })
    body.append('resume', new File([], ''))
    expect((await apply(body)).status).toBe(201)
    expect((await stored()).files).toHaveLength(1)
  })
})

describe('what is not a document is refused, and nothing is stored', () => {
  test.each([
    ['an ELF executable renamed cv.pdf', elfExecutable],
    ['a Windows executable renamed cv.pdf', windowsExecutable],
    ['a spreadsheet in a compound file', () => tinyDoc('Workbook')],
    ['a zip that is not a document', () => tinyOdt('x', 'application/vnd.oasis.opendocument.spreadsheet')],
    ['an empty file', () => new Uint8Array()],
  ])('%s', async (_name, make) => {
    const res = await apply(form(make(), 'cv.pdf', { resumeText: 'Also pasted.' }))
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ error: RESUME_MESSAGES.wrongType })
    expect(await stored()).toEqual({ applications: [], files: [] })
  })

  test('11 MB is refused with a clear message, through the API and through the page, and nothing is stored', async () => {
    const big = new Uint8Array(11 * 1024 * 1024)
    big.set(tinyPdf().subarray(0, 64))
    const api = await apply(form(big))
    expect(api.status).toBe(413)
    expect(await api.json()).toEqual({ error: RESUME_MESSAGES.tooLarge })
    const page = await t.request(`/jobs/${openJob.slug}`, { method: 'POST', body: form(big) })
    expect(page.status).toBe(413)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain(`${APPLICATION_MESSAGES.failureTitle}: ${RESUME_MESSAGES.tooLarge}`)
    expect(await stored()).toEqual({ applications: [], files: [] })
  })

  test('a multipart field the API does not know, or a résumé sent as text, is refused', async () => {
    const unknown = await apply(form(tinyPdf(), 'cv.pdf', { admin: 'true' }))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ error: 'Unknown field: admin' })
    const body = form(null)
    body.append('resume', 'not a file')
    const text = await apply(body)
    expect(text.status).toBe(400)
    expect(await text.json()).toEqual({ error: RESUME_MESSAGES.notAFile })
    expect(await stored()).toEqual({ applications: [], files: [] })
  })
})

test('the form without JavaScript posts multipart with the file: stored, then 303 to the confirmation', async () => {
  const res = await t.request(`/jobs/${openJob.slug}`, { method: 'POST', body: form(tinyDocx(), 'cv.docx') })
  expect(res.status).toBe(303)
  const { applications, files } = await stored()
  expect(applications.map((row) => row.fullName)).toEqual(['Ada Lovelace'])
  expect(files.map((file) => file.format)).toEqual(['docx'])
})

describe('downloading a résumé', () => {
  test('needs the session; answers an attachment with nosniff, never inline, with the same bytes', async () => {
    const pdf = tinyPdf()
    const { id } = (await (await apply(form(pdf, 'Ada Lovelace – CV <2026>.pdf'))).json()) as { id: number }
    const path = `/api/admin/applications/${id}/resume`
    const stranger = await t.request(path)
    expect(stranger.status).toBe(401)
    expect(stranger.headers.get('content-type')).toContain('application/json')

    const admin = adminClient(t)
    await admin.login()
    const res = await admin.request('GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Ada Lovelace - CV 2026.pdf"; filename*=UTF-8''Ada%20Lovelace%20%E2%80%93%20CV%202026.pdf`,
    )
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf)
  })

  test('an application without a file, or none at all, answers 404', async () => {
    const { id } = (await (await apply(form(null, '', { resumeText: 'Pasted.' }))).json()) as { id: number }
    const admin = adminClient(t)
    await admin.login()
    expect((await admin.request('GET', `/api/admin/applications/${id}/resume`)).status).toBe(404)
    expect((await admin.request('GET', `/api/admin/applications/${id + 100}/resume`)).status).toBe(404)
  })
})
