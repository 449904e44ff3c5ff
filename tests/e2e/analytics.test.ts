import { expect, test } from 'bun:test'
import { ANALYTICS_API, type AnalyticsReport, dayOf } from '../../src/shared/analytics'
import { adminJourneys, tab } from './support/admin'
import { expectAccessible, shoot, shootNarrow, waitForHydration } from './support/browser'

/**
 * Issue 42's journey: a reader arrives from Discord on a campaign link and reads a post (counted by the
 * pages' beacon, written within the flush interval); the owner opens Analytics and finds them in the
 * chart, its table, the sources and the campaigns, by keyboard, and downloads a table as CSV.
 */
const { url, api, withPage, withAdmin } = adminJourneys()
// A desktop Chrome's own description: the headless one names itself and is left out as a robot.
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function reportOnceCounted(day: string, views: number): Promise<AnalyticsReport> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const report = await api<AnalyticsReport>('GET', `${ANALYTICS_API.report}?from=${day}&to=${day}`)
    if (report.views >= views || Date.now() > deadline) return report
    await Bun.sleep(250)
  }
}

test('a visit from a campaign link is counted, and the dashboard shows it in its chart, tables and CSV, by keyboard', async () => {
  const today = dayOf(Date.now())
  // The title of the post the visitor read.
  let read = ''
  await withPage(
    async ({ page }) => {
      // Both pages' beacons (sent after each is shown, the first with its referrer) are answered before the page closes.
      let answered = 0
      const bothCounted = new Promise<void>((resolve) =>
        page.on('response', (response) => {
          if (response.url().endsWith(ANALYTICS_API.event) && response.status() === 204 && ++answered === 2) resolve()
        }),
      )
      await page.goto(`${url()}/blog?utm_source=Discord&utm_medium=social&utm_campaign=launch`, {
        referer: 'https://discord.com/channels/studio/news',
      })
      await waitForHydration(page)
      await page.locator('.blog-card a, article a[href^="/blog/"]').first().click()
      await page.waitForURL(/\/blog\/[^/?]+$/)
      const slug = new URL(page.url()).pathname.split('/').at(-1)
      read = ((await (await fetch(`${url()}/api/blog/slug/${slug}`)).json()) as { title: string }).title
      await bothCounted
    },
    { context: { userAgent: CHROME } },
  )
  const report = await reportOnceCounted(today, 2)
  expect(report).toMatchObject({ views: 2, visitors: 1 })
  expect(report.referrers).toEqual([{ source: 'discord.com', visitors: 1 }])
  expect(report.campaigns).toEqual([{ source: 'discord', medium: 'social', campaign: 'launch', visitors: 1 }])

  await withAdmin(async (page) => {
    await tab(page, 'Analytics').click()
    const chart = page.getByRole('group', { name: /Views and visitors per day/ })
    await chart.waitFor()
    expect(await page.locator('.visits-chart__views').count()).toBe(30)
    const said = page.locator('.visits-chart__day')
    expect(await said.textContent()).toMatch(/2 views, 1 visitor$/)

    // The table equivalent says what the chart draws.
    await page.getByText('Show the days as a table').click()
    const days = page.getByRole('table', { name: 'Views and visitors per day' })
    const lastRow = days.locator('tbody tr').last()
    expect(await lastRow.locator('td').allTextContents()).toEqual([today, '2', '1'])
    expect(await days.locator('tbody tr').count()).toBe(30)
    const sources = page.getByRole('table', { name: 'Sources' })
    expect(await sources.locator('tbody td').allTextContents()).toEqual(['discord.com', '1'])
    const campaigns = page.getByRole('table', { name: 'Campaigns' })
    expect(await campaigns.locator('tbody td').allTextContents()).toEqual(['discord', 'social', 'launch', '1'])
    await expectAccessible(page)
    await shoot(page, 'analytics-dashboard')
    await shootNarrow(page, 'analytics-dashboard-narrow')

    // By keyboard: from the range's button, Tab reaches the chart; the arrows move between days.
    await page.getByRole('button', { name: 'Show these dates' }).focus()
    await page.keyboard.press('Tab')
    expect(await chart.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('ArrowLeft')
    expect(await said.textContent()).toMatch(/0 views, 0 visitors$/)
    await page.keyboard.press('End')
    expect(await said.textContent()).toMatch(/2 views, 1 visitor$/)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV of Top pages' }).click(),
    ])
    const bytes = Buffer.from(await Bun.file((await download.path())!).arrayBuffer())
    // A byte order mark first, so that Excel reads it as UTF-8.
    expect(bytes.toString('utf8')).toStartWith('\uFEFFPage,Views,Visitors,Visits began here\r\n/blog,1,1,1\r\n')

    // The post read has its view in the list, and its readers in its editor.
    await tab(page, 'All Posts').click()
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: read }) })
    expect(await page.getByRole('columnheader', { name: 'Views (30 days)' }).count()).toBe(1)
    expect(await row.locator('td[data-label="Views"]').textContent()).toBe('1')
    await row.getByRole('button', { name: /^Edit/ }).click()
    const readers = page.getByRole('region', { name: 'Readers, last 30 days' })
    await readers.getByText('1 view by 1 visitor').waitFor()
    // The visit came from Discord to the blog's list: the post itself was reached within the site.
    await readers.getByText('No reader came from another site.').waitFor()
    await shoot(page, 'analytics-post-readers')
  })
})
