import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openSeedJobs } from '../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { jobs } from '../../content/jobs'
import { departmentCounts, jobPreview } from '../../shared/jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const active = openSeedJobs()
const closed = jobs.find((job) => job.status !== 'active')!
const titles = (html: string) => [...html.matchAll(/<h3 class="job-card__title">(.*?)<\/h3>/g)].map((m) => m[1])
const counts = (html: string) =>
  Object.fromEntries(
    [
      ...html.matchAll(
        /class="department-filter__button[^"]*"[^>]*>(.*?)<span class="department-filter__count">(\d+)<\/span>/g,
      ),
    ].map((m) => [m[1]!.replace('&amp;', '&'), Number(m[2])]),
  )

describe('/jobs', () => {
  test('lists active jobs newest first with department counts', async () => {
    const html = await (await t.request('/jobs')).text()
    expect(titles(html)).toEqual(active.map((job) => Bun.escapeHTML(job.title)))
    expect(titles(html)).not.toContain(Bun.escapeHTML(closed.title))
    expect(counts(html)).toEqual({
      'All Positions': active.length,
      ...Object.fromEntries(departmentCounts(active).map((d) => [d.department, d.count])),
    })
    expect(html).toContain('Don&#x27;t see the perfect role?')
    expect(html).toMatch(/href="mailto:[^"]+"[^>]*>Get in Touch/)
    expect(html).toContain(Bun.escapeHTML(jobPreview(active[0]!.description)))
  })

  test('?department= lists only that department and keeps the counts', async () => {
    for (const { department, count } of departmentCounts(active)) {
      const html = await (await t.request(`/jobs?department=${encodeURIComponent(department)}`)).text()
      expect(titles(html)).toEqual(
        active.filter((job) => job.department === department).map((job) => Bun.escapeHTML(job.title)),
      )
      expect(titles(html).length).toBe(count)
      expect(html).toMatch(
        new RegExp(
          `aria-current="page" href="/jobs\\?department=${encodeURIComponent(department).replace(/[%()]/g, '\\$&')}"`,
        ),
      )
      expect(counts(html)['All Positions']).toBe(active.length)
    }
  })

  test('an unknown department shows the empty state naming it', async () => {
    const html = await (await t.request('/jobs?department=Astronauts')).text()
    expect(titles(html)).toEqual([])
    expect(html).toContain('No positions available')
    expect(html).toContain('There are no open positions in Astronauts right now.')
  })

  test('with no job open at all, the empty state names no department and offers no link to itself', async () => {
    const empty = await createTestApp({ seedJobs: false })
    try {
      const html = await (await empty.request('/jobs')).text()
      expect(titles(html)).toEqual([])
      const emptyState = html.slice(
        html.indexOf('<div class="empty-state">'),
        html.indexOf('<section class="jobs-cta"'),
      )
      expect(emptyState).toContain('There are no open positions right now.')
      expect(emptyState).not.toContain('null')
      expect(emptyState).not.toContain('View All Positions')
    } finally {
      empty.close()
    }
  })
})

describe('/jobs/{slug}', () => {
  test('has the four sections, the form, share tags and JobPosting data', async () => {
    const job = active[0]!
    const res = await t.request(`/jobs/${job.slug}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const heading of [
      'About This Role',
      'Key Responsibilities',
      'Requirements',
      'What We Offer',
      'Apply for This Position',
    ]) {
      expect(html).toContain(`>${heading}</h2>`)
    }
    expect(html).toContain('Back to Jobs')
    expect(html).toContain(
      `<meta property="og:title" content="${Bun.escapeHTML(job.title)} | Careers at Kindlewave Studios"/>`,
    )
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!)
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: job.title,
      hiringOrganization: { name: 'Kindlewave Studios' },
    })
    // No maxLength (it would cut text silently): each field says its limit, and the form refuses text past it.
    const fullName = /<input[^>]*name="fullName"[^>]*>/.exec(html)![0]
    expect(fullName).not.toContain('maxLength')
    expect(fullName).toContain('required=""')
    expect(html).toContain('Up to 50 characters')
    const coverLetter = /<textarea[^>]*name="coverLetter"[^>]*>/.exec(html)![0]
    expect(coverLetter).not.toContain('maxLength')
    expect(coverLetter).toContain('required=""')
    // Either the pasted résumé or a file will do, so neither is required by the browser; the form is multipart.
    expect(/<textarea[^>]*name="resumeText"[^>]*>/.exec(html)![0]).not.toContain('required')
    expect(/<input[^>]*name="resume"[^>]*>/.exec(html)![0]).toContain('type="file"')
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i)
    expect(html).toMatch(/<a href="\/privacy"[^>]*>privacy notice for applicants/)
  })

  test('a closed job answers 410 and says the role is closed, with no form and no structured data', async () => {
    const res = await t.request(`/jobs/${closed.slug}`)
    expect(res.status).toBe(410)
    const html = await res.text()
    expect(html).toContain(`<h1 class="job__title">${Bun.escapeHTML(closed.title)}</h1>`)
    expect(html).toContain('>This role is closed</h2>')
    expect(html).toContain('See open positions')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).not.toContain('name="fullName"')
    expect(html).not.toContain('application/ld+json')
  })

  test('an unknown job answers 404 with Job Not Found', async () => {
    const res = await t.request('/jobs/no-such-job')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('Job Not Found')
    expect(html).toContain('Return to Jobs')
    expect(html).toContain('Redirecting to open positions in 3 seconds')
  })
})

test('job previews are at most 150 characters', () => {
  for (const job of jobs) expect(jobPreview(job.description).replace('…', '').length).toBeLessThanOrEqual(150)
})
