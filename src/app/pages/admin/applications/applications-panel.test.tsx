import { describe, expect, test } from 'bun:test'
import { renderToString } from 'react-dom/server'
import type { ApplicationDetail } from '../../../../shared/application-pipeline'
import { mailtoHref } from '../../../../shared/application-rules'
import { ApplicationFields } from './application-fields'
import { jobsOf } from './application-filters'

const detail = (overrides: Partial<ApplicationDetail> = {}): ApplicationDetail => ({
  id: 1,
  reference: 'APP-000001',
  createdAt: new Date(0).toISOString(),
  jobId: 1,
  jobTitle: 'Engineer',
  fullName: 'Ann',
  email: 'ann@example.com',
  phone: '',
  location: '',
  portfolioUrl: '',
  linkedinUrl: '',
  githubUrl: '',
  experience: '',
  availability: '',
  coverLetter: 'Hello',
  resumeText: 'CV',
  status: 'new',
  resume: null,
  duplicate: false,
  notes: [],
  duplicates: [],
  deliveries: [],
  interviews: [],
  hiringTeam: [],
  scorecardAttributes: [],
  scorecards: [],
  scorecardsHidden: 0,
  timeline: [],
  answers: [],
  keepInMind: false,
  ...overrides,
})

describe("the admin's reply link", () => {
  test('encodes the address, so a stored one cannot hide recipients or headers', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com')
    expect(mailtoHref("o'brien+jobs@example.com")).toBe("mailto:o'brien%2Bjobs@example.com")
    expect(mailtoHref('x?y#z&w@example.com')).toBe('mailto:x%3Fy%23z%26w@example.com')
    // Stored before the rule: the query becomes part of the (unknown) host name, not headers.
    const old = mailtoHref('ann@example.com?bcc=spy%40evil.io&subject=Re')
    expect(old).toBe('mailto:ann@example.com%3Fbcc%3Dspy%2540evil.io%26subject%3DRe')
    expect(new URL(old).search).toBe('')
  })

  test('an opened application links with it', () => {
    const email = 'ann@example.com?bcc=spy%40evil.io&subject=Re'
    const html = renderToString(<ApplicationFields application={detail({ email })} />)
    expect(html).toContain(`href="${mailtoHref(email).replaceAll('&', '&amp;')}"`)
    expect(html).not.toContain('href="mailto:ann@example.com?')
  })
})

test('an opened application offers its résumé file for download, named and sized', () => {
  const html = renderToString(
    <ApplicationFields application={detail({ resume: { fileName: 'cv.pdf', size: 2048, format: 'pdf' } })} />,
  )
  expect(html).toMatch(/<a[^>]*href="\/api\/admin\/applications\/1\/resume"[^>]*download=""/)
  expect(html).toContain('Download cv.pdf')
  expect(html).toContain('(PDF, 2 KB)')
})

test('the job filter offers each job that has applications once, by title', () => {
  const list = [
    detail({ id: 1, jobId: 2, jobTitle: 'Producer' }),
    detail({ id: 2, jobId: 1, jobTitle: 'Animator' }),
    detail({ id: 3, jobId: 2, jobTitle: 'Producer' }),
  ]
  expect(jobsOf(list)).toEqual([
    { id: 1, title: 'Animator' },
    { id: 2, title: 'Producer' },
  ])
})
