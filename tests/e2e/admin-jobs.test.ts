import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { AdminJob } from '../../src/shared/jobs'
import { tinyPdf } from '../support/documents'
import { STAFF_TEST_PASSWORD } from '../support/staff'
import { adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, waitForHydration } from './support/browser'

const { url, api, withAdmin, withPage } = adminJourneys()

/** The visitor's view in a tab of its own, checked for accessibility like every page. */
async function visit(page: Page, path: string) {
  const visitor = await page.context().newPage()
  const response = await visitor.goto(`${url()}${path}`)
  await waitForHydration(visitor)
  await expectAccessible(visitor)
  return { visitor, status: response?.status() }
}

/** A line of one of the job form's lists (its move and remove buttons are named after it too). */
const line = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })
const cardTitles = (page: Page) => page.locator('.job-card__title').allTextContents()

describe('a recruiter runs a job posting from the admin', () => {
  test(
    'create it, see it on /jobs at once, edit it, close it, and its page says so',
    () =>
      withAdmin(
        async (page) => {
          await tab(page, 'Jobs').click()
          await page.getByRole('heading', { name: 'Jobs', exact: true }).waitFor()
          await page.getByRole('rowheader', { name: /Senior Gameplay Engineer/ }).waitFor()
          await expectAccessible(page)

          await page.getByRole('button', { name: 'New job' }).click()
          await page.getByRole('heading', { name: 'New job' }).waitFor()
          // Sent empty: the first problem is named beside its field, which gets the keyboard.
          await page.getByRole('button', { name: 'Create job' }).click()
          await page.getByText('Title is required').waitFor()
          expect(await page.evaluate(() => document.activeElement?.id)).toBe('job-title')
          await expectAccessible(page)

          await page.getByLabel('Title', { exact: true }).fill('Narrative Designer')
          await page.getByLabel('Department').fill('Design')
          await page.getByLabel('Status').selectOption('active')
          await page.getByLabel('City', { exact: true }).fill('Austin')
          await page.getByLabel('State or region').fill('TX')
          await page.getByLabel('Country', { exact: true }).selectOption('US')
          await page.getByLabel('From', { exact: true }).fill('95,000')
          await page.getByLabel('To (optional)').fill('120,000')
          await page.getByLabel('Description').fill('Write the stories of the plaza.\n\nWork with every team.')
          await line(page, 'Responsibility 1').fill('Write quests')
          await page.getByRole('button', { name: 'Add responsibility' }).click()
          await page.keyboard.type('Voice the characters')
          // Reordered with the keyboard: focus stays on the button, on the line it moved with.
          await page.getByRole('button', { name: 'Move Responsibility 2 up' }).focus()
          await page.keyboard.press('Enter')
          expect(await line(page, 'Responsibility 1').inputValue()).toBe('Voice the characters')
          expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
            'Move Responsibility 1 up',
          )
          await line(page, 'Requirement 1').fill('Shipped a narrative game')
          await line(page, 'Benefit 1').fill('Health cover')
          await page.getByRole('button', { name: 'Create job' }).click()
          await toast(page, 'Job "Narrative Designer" created')
          await page.getByRole('rowheader', { name: /Narrative Designer/ }).waitFor()

          const listed = await visit(page, '/jobs')
          expect((await cardTitles(listed.visitor))[0]).toBe('Narrative Designer')
          await listed.visitor.locator('.job-card').first().getByText('$95,000 – $120,000').waitFor()

          await page.getByRole('button', { name: 'Edit "Narrative Designer"' }).click()
          await page.getByLabel('Title', { exact: true }).fill('Lead Narrative Designer')
          await page.getByRole('button', { name: 'Save job' }).click()
          await toast(page, 'Job "Lead Narrative Designer" saved')
          await listed.visitor.reload()
          await waitForHydration(listed.visitor)
          expect((await cardTitles(listed.visitor))[0]).toBe('Lead Narrative Designer')
          const [job] = (await api<AdminJob[]>('GET', '/api/admin/jobs')).filter(
            (j) => j.title === 'Lead Narrative Designer',
          )
          const open = await visit(page, `/jobs/${job!.slug}`)
          expect(open.status).toBe(200)
          await open.visitor.getByRole('heading', { level: 1, name: 'Lead Narrative Designer' }).waitFor()
          await open.visitor.getByText('Voice the characters').waitFor()

          await page.getByRole('button', { name: 'Close "Lead Narrative Designer"' }).click()
          await toast(page, /"Lead Narrative Designer" is closed/)
          const closed = await visit(page, `/jobs/${job!.slug}`)
          expect(closed.status).toBe(410)
          await closed.visitor.getByRole('heading', { name: 'This role is closed' }).waitFor()
          expect(await closed.visitor.getByRole('form', { name: 'Apply for This Position' }).count()).toBe(0)
          await listed.visitor.reload()
          await waitForHydration(listed.visitor)
          expect(await cardTitles(listed.visitor)).not.toContain('Lead Narrative Designer')
        },
        { allowed: /status of 410/ },
      ),
    180_000,
  )

  test('a job with applications is not deleted, and the admin says why', () =>
    withAdmin(
      async (page) => {
        const res = await fetch(`${url()}/api/job-applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url() },
          body: JSON.stringify({
            jobId: 1,
            fullName: 'Ada',
            email: 'ada@example.com',
            coverLetter: 'Hi.',
            resumeText: 'CV.',
          }),
        })
        expect(res.status).toBe(201)
        await tab(page, 'Jobs').click()
        await page.getByRole('button', { name: 'Delete "Senior Gameplay Engineer"' }).click()
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
        await toast(page, /This job has one application: delete it first, or close the job instead/)
        await page.getByRole('rowheader', { name: /Senior Gameplay Engineer/ }).waitFor()
      },
      { allowed: /status of 409/ },
    ))

  test(
    'its own questions: asked in the job form, answered on a phone (required ones listed when missed), read on the candidate page',
    () =>
      withAdmin(async (page) => {
        await tab(page, 'Jobs').click()
        await page.getByRole('button', { name: 'Edit "Senior Gameplay Engineer"' }).click()
        await page.getByRole('button', { name: 'Add a question' }).click()
        // The new question's text gets the keyboard.
        await page.keyboard.type('Which engine do you know best?')
        await page.getByLabel('Answer').first().selectOption('choice')
        await page.getByLabel('Options of question 1, one per line').fill('Unity\nUnreal\nGodot')
        await page.getByRole('checkbox', { name: 'Required' }).first().check()
        await page.getByRole('button', { name: 'Add a question' }).click()
        await page.keyboard.type('Can you relocate to Los Angeles?')
        await page.getByLabel('Answer').nth(1).selectOption('yes-no')
        await page.getByRole('checkbox', { name: 'Required' }).nth(1).check()
        await expectAccessible(page)
        await page.getByRole('button', { name: 'Save job' }).click()
        await toast(page, 'Job "Senior Gameplay Engineer" saved')

        const phone = await page
          .context()
          .browser()!
          .newContext({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' })
        const visitor = await phone.newPage()
        await visitor.goto(`${url()}/jobs/senior-gameplay-engineer`)
        await waitForHydration(visitor)
        const form = visitor.getByRole('form', { name: 'Apply for This Position' })
        const questions = form.getByRole('group', { name: 'A few questions from the team' })
        await questions.getByRole('radio', { name: 'Unreal' }).waitFor()
        await form.getByLabel('Full name').fill('Quest Applicant')
        await form.getByLabel('Email').fill('quest@example.com')
        await form.getByLabel('Cover letter').fill('Hello.')
        // A file, not pasted text: the answers then travel as multipart fields.
        await form.getByLabel('Resume file').setInputFiles({
          name: 'cv.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(tinyPdf()),
        })
        await form.getByRole('button', { name: 'Submit Application' }).click()
        expect(await visitor.locator('#apply-problems').getByRole('link').allTextContents()).toEqual([
          'Which engine do you know best? is required',
          'Can you relocate to Los Angeles? is required',
        ])
        await expectAccessible(visitor)
        await visitor
          .locator('#apply-problems')
          .getByRole('link', { name: /relocate/ })
          .click()
        expect(await visitor.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('yes')
        await questions.getByRole('radio', { name: 'Unreal' }).check()
        await questions.getByRole('radio', { name: 'No' }).check()
        await form.getByRole('button', { name: 'Submit Application' }).click()
        await visitor.getByText(/^Your reference: APP-\d{6}$/).waitFor()
        await phone.close()

        await tab(page, 'Applications').click()
        await page.getByRole('button', { name: /Open the application of Quest Applicant/ }).click()
        const detail = page.locator('.application-detail')
        const answer = (question: string) =>
          detail.locator('.application-detail__row').filter({ hasText: question }).locator('dd')
        expect(await answer('Which engine do you know best?').textContent()).toBe('Unreal')
        expect(await answer('Can you relocate to Los Angeles?').textContent()).toBe('No')
        await detail.getByRole('link', { name: /Download cv\.pdf/ }).waitFor()
        await expectAccessible(page)
      }),
    120_000,
  )

  test(
    "a hiring team: put on a job in its form, an interviewer sees that job's candidates only, and only reads them",
    () =>
      withPage(async ({ page: ivan }) => {
        const { inviteUrl } = await api<{ inviteUrl: string }>('POST', '/api/admin/staff/invitations', {
          email: 'ivan@studio.test',
          role: 'contributor',
        })
        const accepted = await ivan.request.post(
          `${url()}/api/admin/invitations/${inviteUrl.split('/').at(-1)}/accept`,
          {
            data: { name: 'Ivan Interviewer', password: STAFF_TEST_PASSWORD },
            headers: { origin: url() },
          },
        )
        expect(accepted.status()).toBe(200)
        // Two open jobs that ask nothing of their own (an earlier journey gave one required questions).
        const [first, second] = (await api<AdminJob[]>('GET', '/api/admin/jobs')).filter(
          (job) => job.open && job.questions.length === 0,
        )
        for (const [job, fullName] of [
          [first!, 'Team Candidate'],
          [second!, 'Other Candidate'],
        ] as const)
          expect(
            (
              await fetch(`${url()}/api/job-applications`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin: url() },
                body: JSON.stringify({
                  jobId: job.id,
                  fullName,
                  email: 'c@example.com',
                  coverLetter: 'Hi.',
                  resumeText: 'CV.',
                }),
              })
            ).status,
          ).toBe(201)

        await withAdmin(async (page) => {
          await tab(page, 'Jobs').click()
          await page.getByRole('button', { name: `Edit "${first!.title}"` }).click()
          const team = page.getByRole('group', { name: 'Hiring team' })
          await team.getByLabel('Add').selectOption({ label: 'Ivan Interviewer' })
          await team.getByLabel('As').selectOption('interviewer')
          await team.getByRole('button', { name: 'Add to the team' }).click()
          await toast(page, 'Hiring team saved')
          expect(await team.getByLabel('Role of Ivan Interviewer').inputValue()).toBe('interviewer')
          await expectAccessible(page)
        })

        await ivan.goto(`${url()}/admin/blog`)
        await waitForHydration(ivan)
        await tab(ivan, 'Applications').click()
        const rows = ivan.locator('.admin-table--applications tbody tr')
        await rows.filter({ hasText: 'Team Candidate' }).waitFor()
        expect(await rows.allTextContents()).toEqual([expect.stringContaining('Team Candidate')])
        expect(await ivan.getByRole('link', { name: 'Export CSV' }).count()).toBe(0)
        await ivan.getByRole('button', { name: /Open the application of Team Candidate/ }).click()
        const detail = ivan.locator('.application-detail')
        await detail.getByRole('heading', { name: /Team Candidate/ }).waitFor()
        await detail.getByRole('list', { name: 'Timeline' }).waitFor()
        expect(await detail.getByLabel('Status').count()).toBe(0)
        expect(await detail.getByRole('button', { name: 'Delete application' }).count()).toBe(0)
        expect(await detail.getByRole('form', { name: /Write to/ }).count()).toBe(0)
        await expectAccessible(ivan)
      }),
    120_000,
  )
})
