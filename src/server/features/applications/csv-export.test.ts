import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { APPLICATION_FIELD_NAMES, APPLICATION_FIELDS } from '../../../shared/application-rules'
import { csvCell, toCsv } from '../../../shared/csv'

describe('csvCell', () => {
  test.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['a=1', 'a=1'],
    [`A;-2+3+cmd|' /C calc'!A0`, `"A;-2+3+cmd|' /C calc'!A0"`],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  test('a document is CRLF-terminated records after a byte order mark', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2,3'],
      ]),
    ).toBe('\uFEFFa,b\r\n1,"2,3"\r\n')
  })
})

/** RFC 4180, read back: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i]!
    const next = text[i + 1]
    if (quoted && c === '"' && next === '"') {
      cell += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted) cell += c
    else if (c === ',') endCell()
    else if (c === '\r' && next === '\n') {
      endCell()
      rows.push(row)
      row = []
      i++
    } else cell += c
  }
  return rows
}

describe('GET /api/admin/applications.csv', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true })
  })
  afterAll(() => t.close())
  const [jobA, jobB] = activeJobs(jobs)

  test('exports the filtered list with every field, formulas defused, only with a session', async () => {
    const apply = (jobId: number, fullName: string, coverLetter: string, address: string) =>
      t.request('/api/job-applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': address },
        body: JSON.stringify({
          jobId,
          fullName,
          email: 'x@example.com',
          coverLetter,
          resumeText: 'CV, "quoted"\nline 2',
        }),
      })
    expect((await apply(jobA!.id, '=cmd|" /C calc"!A0', '@SUM(1+1)', '192.0.2.1')).status).toBe(201)
    expect((await apply(jobB!.id, 'Grace Hopper', 'Plain, with a comma', '192.0.2.2')).status).toBe(201)

    expect((await t.request('/api/admin/applications.csv')).status).toBe(401)
    const admin = adminClient(t)
    await admin.login()
    const res = await admin.request('GET', `/api/admin/applications.csv?jobId=${jobA!.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="applications-\d{4}-\d\d-\d\d\.csv"/)
    const rows = parseCsv(await res.text())
    expect(rows[0]).toEqual([
      'Reference',
      'Received',
      'Status',
      'Job',
      ...APPLICATION_FIELD_NAMES.map((field) => APPLICATION_FIELDS[field].label),
      'Resume file',
      'Possible duplicate',
      'Keep in mind for future roles',
      'Answers',
    ])
    expect(rows).toHaveLength(2)
    const row = Object.fromEntries(rows[0]!.map((name, i) => [name, rows[1]![i]]))
    expect(row).toMatchObject({
      Status: 'New',
      Job: jobA!.title,
      'Full name': `'=cmd|" /C calc"!A0`,
      'Cover letter': "'@SUM(1+1)",
      'Resume text': 'CV, "quoted"\nline 2',
    })
    const all = parseCsv(await (await admin.request('GET', '/api/admin/applications.csv')).text())
    expect(all.slice(1).map((r) => r[4])).toEqual(['Grace Hopper', `'=cmd|" /C calc"!A0`])
  })
})
