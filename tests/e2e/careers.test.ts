import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { TOAST_DURATION_MS } from '../../src/app/components/toast/toast-store'
import { openDatabase } from '../../src/server/db/client'
import { jobApplications } from '../../src/server/db/schema'
import { APPLICATION_PROBLEMS_ID } from '../../src/shared/application-problems'
import { APPLICATION_MESSAGES } from '../../src/shared/application-rules'
import { openSeedJobs } from '../support/jobs'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser
const active = openSeedJobs()
const job = active[0]!

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text }).waitFor({ timeout: 5000 })

async function storedApplications() {
  const db = await openDatabase({ url: server.databaseUrl })
  const rows = await db.select().from(jobApplications)
  db.$client.close()
  return rows
}

describe('applying', () => {
  const fillRequired = async (page: Page, name: string) => {
    const form = page.getByRole('form', { name: 'Apply for This Position' })
    await form.getByLabel('Full name').fill(name)
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Cover letter').fill('Engines.')
    await form.getByLabel('Resume text').fill('Notes on the analytical engine.')
    return form
  }

  test('a double click sends one application', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/jobs/${job.slug}`)
    await waitForHydration(page)
    const form = await fillRequired(page, 'Double Click')
    await form.getByRole('button', { name: 'Submit Application' }).dblclick()
    await toast(page, APPLICATION_MESSAGES.successTitle)
    expect((await storedApplications()).filter((row) => row.fullName === 'Double Click')).toHaveLength(1)
    expect(problems).toEqual([])
    await close()
  })

  test('without JavaScript, a refused form comes back at its list of problems; a sent one shows the reference; a refresh sends nothing', async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
    await page.goto(`${server.url}/jobs/${job.slug}`)
    const form = await fillRequired(page, 'No Script')
    // What the browser's own checks let through and the site refuses: an address no mail reaches.
    await form.getByLabel('Email').fill('no.script@example')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await page.waitForURL((url) => url.hash === `#${APPLICATION_PROBLEMS_ID}`)
    const summary = page.locator(`#${APPLICATION_PROBLEMS_ID}`)
    expect(await summary.getByRole('link').allTextContents()).toEqual(['Email must be a valid email address'])
    expect(
      await summary.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < 740),
    ).toBe(true)
    expect(await page.locator('#apply-email-error').textContent()).toBe('Error: Email must be a valid email address')
    // What was typed is kept.
    expect(await form.getByLabel('Cover letter').inputValue()).toBe('Engines.')

    await form.getByLabel('Email').fill('no.script@example.com')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await page.waitForURL((url) => url.pathname === `/jobs/${job.slug}` && /^\?applied=APP-\d{6}$/.test(url.search))
    expect(new URL(page.url()).hash).toBe('#apply')
    const reference = new URL(page.url()).searchParams.get('applied')
    await page.getByText(`Your reference: ${reference}`).waitFor()
    await page.reload()
    await page.getByText(APPLICATION_MESSAGES.successDescription).waitFor()
    expect((await storedApplications()).filter((row) => row.fullName === 'No Script')).toHaveLength(1)
    // (axe needs scripts to run: the same page is checked with them in the journey below.)
    await close()
  })

  test('on a 375 px phone: Apply at the top jumps to the form, a web address is completed, a mistyped email is refused beside its field with a suggestion, and the reference stays on screen', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: { width: 375, height: 740 }, hasTouch: true })
    await page.goto(`${server.url}/jobs/${job.slug}`)
    await waitForHydration(page)
    const applyLink = page.getByRole('link', { name: 'Apply for this role' })
    expect((await applyLink.boundingBox())!.y).toBeLessThan(740)
    await applyLink.click()
    const form = page.getByRole('form', { name: 'Apply for This Position' })
    await page.waitForFunction(() => {
      const top = document.querySelector('.application-form')!.getBoundingClientRect().top
      return top >= 0 && top < 200
    })
    await form.getByLabel('Full name').fill('Phone Applicant')
    await form.getByLabel('Email').fill('applicant@gmail')
    await form.getByLabel('Portfolio URL').fill('portfolio.example.com')
    await form.getByLabel('Cover letter').fill('From my phone.')
    await form.getByLabel('Resume text').fill('Ten years of rigging.')
    await form.getByRole('checkbox', { name: /Keep me in mind for future roles/ }).check()
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect(await form.getByLabel('Portfolio URL').inputValue()).toBe('https://portfolio.example.com')
    // Refused beside its field (and in the list above), with the likely address offered.
    await page.locator('#apply-email-error').getByText('Email must be a valid email address').waitFor()
    expect(await page.locator(`#${APPLICATION_PROBLEMS_ID}`).getByRole('link').allTextContents()).toEqual([
      'Email must be a valid email address',
    ])
    await form.getByText('Did you mean').waitFor()
    await expectAccessible(page)
    await form.getByRole('button', { name: 'applicant@gmail.com' }).click()
    expect(await form.getByLabel('Email').inputValue()).toBe('applicant@gmail.com')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    const reference = page.getByText(/^Your reference: APP-\d{6}$/)
    await reference.waitFor()
    const box = (await reference.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(740)
    await page.waitForTimeout(TOAST_DURATION_MS + 500)
    await reference.waitFor()
    const [stored] = (await storedApplications()).filter((row) => row.fullName === 'Phone Applicant')
    expect([stored?.email, stored?.portfolioUrl, stored?.keepInMind]).toEqual([
      'applicant@gmail.com',
      'https://portfolio.example.com',
      true,
    ])
    expect(problems).toEqual([])
    await close()
  })

  test('limits, every problem listed and beside its field, success with the reference, and failure keeping every value', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/jobs/${job.slug}`)
    await waitForHydration(page)
    await expectAccessible(page)
    const form = page.getByRole('form', { name: 'Apply for This Position' })

    // Typing past a limit is not cut: the text stays, and the counter says how far over it is.
    await form.getByLabel('Full name').pressSequentially('x'.repeat(60))
    expect(await form.getByLabel('Full name').inputValue()).toHaveLength(60)
    await form.getByText('10 characters over the limit').waitFor()
    await form.getByLabel('Full name').fill('')

    await form.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page, APPLICATION_MESSAGES.missingDescription)
    // Every problem at the top of the form, where focus goes, each beside its field too.
    const summary = page.locator(`#${APPLICATION_PROBLEMS_ID}`)
    await page.waitForFunction((id) => document.activeElement?.id === id, APPLICATION_PROBLEMS_ID)
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Full name is required',
      'Email is required',
      'Cover letter is required',
      APPLICATION_MESSAGES.resumeRequired,
    ])
    expect(await form.getByLabel('Full name').getAttribute('aria-describedby')).toContain('apply-fullName-error')
    await expectAccessible(page)
    // A second refused click does not stack a second copy of the toast.
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect(await page.locator('.toast').filter({ hasText: APPLICATION_MESSAGES.missingTitle }).count()).toBe(1)
    // A problem's link takes the applicant to its field.
    await summary.getByRole('link', { name: 'Cover letter is required' }).click()
    expect(await form.getByLabel('Cover letter').evaluate((el) => el === document.activeElement)).toBe(true)

    const fill = async () => {
      await form.getByLabel('Full name').fill('Grace Hopper')
      await form.getByLabel('Email').fill('grace@example.com')
      await form.getByLabel('Location').fill('Arlington, VA')
      await form.getByLabel('Cover letter').fill('I find bugs, literally.')
      await form.getByLabel('Resume text').fill('COBOL, compilers, nanoseconds.')
    }
    await fill()
    await form.getByText('977 characters left').waitFor()
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page, APPLICATION_MESSAGES.successTitle)
    // The form gives way to a confirmation that stays, with the reference, and takes focus.
    const sent = page.getByRole('region', { name: APPLICATION_MESSAGES.successTitle })
    await sent.getByText(/^Your reference: APP-\d{6}$/).waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('application-sent-title')
    expect(await form.count()).toBe(0)
    await expectAccessible(page)
    const stored = (await storedApplications()).filter((row) => row.fullName === 'Grace Hopper')
    expect(stored.map((row) => [row.fullName, row.jobId, row.location])).toEqual([
      ['Grace Hopper', job.id, 'Arlington, VA'],
    ])

    // Use up the rate limit from the same address, then the browser's post fails.
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/api/job-applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          jobId: job.id,
          fullName: 'Filler',
          email: 'f@example.com',
          coverLetter: 'x',
          resumeText: 'y',
        }),
      })
      if (res.status === 429) break
    }
    await page.reload()
    await waitForHydration(page)
    await fill()
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page, APPLICATION_MESSAGES.failureTitle)
    await page.getByText(/Too many applications/).waitFor()
    expect(await form.getByLabel('Full name').inputValue()).toBe('Grace Hopper')
    expect(await form.getByLabel('Resume text').inputValue()).toBe('COBOL, compilers, nanoseconds.')
    await form.locator('button[type="submit"]:not([disabled])').waitFor()
    expect(problems.filter((p) => !p.includes('status of 429'))).toEqual([])
    await close()
  })

  test('three toasts on a 375 px phone stack newest lowest, apart, within a third of the screen, and close by themselves', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: { width: 375, height: 667 }, hasTouch: true })
    await page.goto(`${server.url}/jobs/${job.slug}`)
    await waitForHydration(page)
    const form = page.getByRole('form', { name: 'Apply for This Position' })
    const submit = form.getByRole('button', { name: 'Submit Application' })
    await submit.click()
    await toast(page, APPLICATION_MESSAGES.missingTitle)
    await form.getByLabel('Full name').fill('x'.repeat(60))
    for (const field of ['Email', 'Cover letter', 'Resume text']) await form.getByLabel(field).fill('a@b.co')
    await submit.click()
    await toast(page, APPLICATION_MESSAGES.failureTitle)
    await form.getByLabel('Full name').fill('Ada')
    await form.getByLabel('Email').fill('ada@example')
    await submit.click()
    await page.locator('.toast').nth(2).waitFor()
    await page.waitForTimeout(400) // the entrance animation
    expect(await page.locator('.toast__title').allTextContents()).toEqual([
      APPLICATION_MESSAGES.missingTitle,
      APPLICATION_MESSAGES.failureTitle,
      APPLICATION_MESSAGES.failureTitle,
    ])
    const boxes = await page.locator('.toast').evaluateAll((all) => all.map((t) => t.getBoundingClientRect().toJSON()))
    for (const [i, box] of boxes.entries()) {
      expect(box.left).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(375)
      if (i > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom + 4)
    }
    expect(boxes.at(-1)!.bottom).toBeLessThanOrEqual(667)
    expect(boxes.at(-1)!.bottom - boxes[0]!.top).toBeLessThanOrEqual(667 * 0.37)
    await expectAccessible(page)
    await page
      .locator('.toast')
      .first()
      .waitFor({ state: 'detached', timeout: TOAST_DURATION_MS + 1000 })
    expect(await page.locator('.toast').count()).toBeLessThanOrEqual(2)
    await page
      .locator('.toast')
      .last()
      .waitFor({ state: 'detached', timeout: TOAST_DURATION_MS + 1000 })
    expect(problems).toEqual([])
    await close()
  })

  test('an unknown job counts down and lands on the jobs list', async () => {
    const { page, problems, close } = await openPage(browser)
    const response = await page.goto(`${server.url}/jobs/no-such-job`)
    expect(response?.status()).toBe(404)
    await waitForHydration(page)
    await page.getByRole('heading', { level: 1, name: 'Job Not Found' }).waitFor()
    await expectAccessible(page)
    await page.waitForURL(`${server.url}/jobs`, { timeout: 5000 })
    await page.locator('.job-card').first().waitFor()
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([])
    await close()
  })
})
