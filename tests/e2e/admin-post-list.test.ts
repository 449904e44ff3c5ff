import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { PostDetail, PostSummary } from '../../src/shared/blog'
import { adminJourneys } from './support/admin'
import { expectAccessible } from './support/browser'

const { api, withAdmin } = adminJourneys()

const DAY = 24 * 60 * 60 * 1000
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString()

const FAIR = 'Zephyr Summer Fair'
const SECRET = 'Zephyr Secret Plans'
const NOTES = 'Zephyr Draft Notes'
const CAFE = 'Zephyr Crème Café Market'
const TROPHY = 'Zephyr Trophy Night'

/** Five posts with one word in common: scheduled, featured draft, draft, published, featured published (issue 16). */
const MINE = [
  { title: FAIR, status: 'published', publishedAt: at(5) },
  { title: SECRET, status: 'draft', featured: true, publishedAt: at(-1) },
  { title: NOTES, status: 'draft', publishedAt: at(-2) },
  { title: CAFE, status: 'published', publishedAt: at(-3) },
  { title: TROPHY, status: 'published', featured: true, publishedAt: at(-10) },
]

let arranged: Promise<unknown> | undefined
const arrange = () => {
  arranged ??= Promise.all(
    MINE.map((post) => api<PostDetail>('POST', '/api/blog', { content: '<p>Body</p>', ...post })),
  )
  return arranged
}

/** The titles of the rows on screen, top to bottom (without the Featured badge). */
const listedTitles = (page: Page) =>
  page
    .locator('.admin-table tbody th')
    .evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent?.trim() ?? ''))

const resultCount = (page: Page) => page.locator('.post-list-count[role="status"]')
const filterButton = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name} \\(\\d+\\)$`) })

/** Chooses a status filter; it shows as pressed once the address holds it (a moment later). */
async function showFilter(page: Page, name: string) {
  await filterButton(page, name).click()
  await filterButton(page, name).and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 15_000 })
}

/** Waits (up to 5 s) for the rows to read `titles`, then compares, so a failure shows the difference. */
async function expectTitles(page: Page, titles: string[]) {
  await page
    .waitForFunction(
      (want) =>
        [...document.querySelectorAll('.admin-table tbody th')]
          .map((cell) => cell.firstChild?.textContent?.trim())
          .join('|') === want,
      titles.join('|'),
      { timeout: 5000 },
    )
    .catch(() => undefined)
  expect(await listedTitles(page)).toEqual(titles)
}

describe('the All Posts list', () => {
  test('lists every post newest first: publication time, else creation time, then id', async () => {
    await arrange()
    await withAdmin(async (page) => {
      await page.getByRole('rowheader', { name: TROPHY }).waitFor()
      const summary = await api<PostSummary[]>('GET', '/api/blog/admin-summary?_nocache')
      const time = (post: PostSummary) => Date.parse(post.publishedAt ?? post.createdAt)
      const expected = [...summary].sort((a, b) => time(b) - time(a) || b.id - a.id).map((post) => post.title)
      await expectTitles(page, expected)
      expect(await resultCount(page).textContent()).toBe(`${summary.length} of ${summary.length} posts`)
      expect(await filterButton(page, 'All').getAttribute('aria-pressed')).toBe('true')
      await expectAccessible(page)
    })
  })

  test('search by title (any case, any accents) and filter by each status', async () => {
    await arrange()
    await withAdmin(async (page) => {
      await page.getByRole('rowheader', { name: TROPHY }).waitFor()
      const total = (await api<PostSummary[]>('GET', '/api/blog/admin-summary?_nocache')).length
      const search = page.getByLabel('Search posts')
      expect(await search.getAttribute('type')).toBe('search')

      await search.fill('  zephyr ')
      await expectTitles(page, [FAIR, SECRET, NOTES, CAFE, TROPHY])
      expect(await resultCount(page).textContent()).toBe(`5 of ${total} posts`)
      expect(await filterButton(page, 'Scheduled').textContent()).toBe('Scheduled (1)')
      expect(await filterButton(page, 'Featured').textContent()).toBe('Featured (2)')

      await showFilter(page, 'Draft')
      await expectTitles(page, [SECRET, NOTES])
      expect(await resultCount(page).textContent()).toBe(`2 of ${total} posts`)
      await showFilter(page, 'Scheduled')
      await expectTitles(page, [FAIR])
      expect(await page.getByRole('rowheader', { name: FAIR }).locator('xpath=..').textContent()).toContain('Goes live')
      await showFilter(page, 'Published')
      await expectTitles(page, [CAFE, TROPHY])
      await showFilter(page, 'Featured')
      await expectTitles(page, [SECRET, TROPHY])
      await expectAccessible(page)

      await showFilter(page, 'All')
      await search.fill('CREME CAFE')
      await expectTitles(page, [CAFE])
      await search.fill('crème café market')
      await expectTitles(page, [CAFE])
      expect(await resultCount(page).textContent()).toBe(`1 of ${total} posts`)
    })
  })

  test('nothing matches: the list says so, and one button brings every post back', async () => {
    await arrange()
    await withAdmin(async (page) => {
      await page.getByRole('rowheader', { name: TROPHY }).waitFor()
      const total = (await api<PostSummary[]>('GET', '/api/blog/admin-summary?_nocache')).length
      const search = page.getByLabel('Search posts')
      await search.fill('zephyr crème')
      await showFilter(page, 'Scheduled')
      await page.getByText('No scheduled posts match "zephyr crème".').waitFor()
      expect(await page.locator('.admin-table').count()).toBe(0)
      expect(await resultCount(page).textContent()).toBe(`0 of ${total} posts`)
      await expectAccessible(page)
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await page.getByRole('rowheader', { name: TROPHY }).waitFor()
      expect(await search.inputValue()).toBe('')
      expect(await search.evaluate((input) => input === document.activeElement)).toBe(true)
      expect(await filterButton(page, 'All').getAttribute('aria-pressed')).toBe('true')
      expect(await resultCount(page).textContent()).toBe(`${total} of ${total} posts`)

      // The row actions work on a filtered list.
      await search.fill('market')
      await page.getByRole('button', { name: `Edit "${CAFE}"` }).click()
      await page.getByRole('heading', { name: 'Edit Post' }).waitFor()
    })
  })

  test('at 375 px: no sideways page scroll, every row action in view and big enough to tap', async () => {
    await arrange()
    await withAdmin(
      async (page) => {
        await page.getByRole('rowheader', { name: CAFE }).waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        // Nor inside the list: nothing to scroll sideways to reach the actions.
        const wrap = page.locator('.admin-table-wrap')
        expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)

        // Shown as cards, still a table to assistive technology: Chromium's own accessibility tree says so.
        const cdp = await page.context().newCDPSession(page)
        const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
          nodes: { role?: { value?: string }; name?: { value?: string } }[]
        }
        const roles = (role: string) =>
          nodes.filter((node) => node.role?.value === role).map((node) => node.name?.value)
        expect(roles('table')).toContain('All posts')
        expect(roles('columnheader').map((name) => name?.toLowerCase())).toEqual([
          'selected',
          'title',
          'status',
          'date',
          'views (30 days)',
          'actions',
        ])
        expect(roles('rowheader')).toContain(CAFE)
        await cdp.detach()
        for (const name of [`Edit "${CAFE}"`, `View "${CAFE}" (opens in a new tab)`, `Delete "${CAFE}"`]) {
          const control = page.getByRole(name.startsWith('View') ? 'link' : 'button', { name })
          const box = (await control.boundingBox())!
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(375)
          expect(box.height).toBeGreaterThanOrEqual(44)
        }
        for (const control of [page.getByLabel('Search posts'), filterButton(page, 'Featured')]) {
          const box = (await control.boundingBox())!
          expect(box.x + box.width).toBeLessThanOrEqual(375)
          expect(box.height).toBeGreaterThanOrEqual(44)
        }

        await page.getByLabel('Search posts').fill('zephyr')
        await showFilter(page, 'Featured')
        await expectTitles(page, [SECRET, TROPHY])
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await expectAccessible(page)
      },
      { context: { viewport: { width: 375, height: 812 } } },
    )
  })

  test('bulk: three posts ticked are unpublished, then deleted, each time after one confirmation naming the count', async () => {
    const titles = ['Bulk One', 'Bulk Two', 'Bulk Three']
    for (const title of titles) {
      const content = title === 'Bulk Two' ? '<p>Ask the quartermaster.</p>' : '<p>Body</p>'
      await api('POST', '/api/blog', { title, content, status: 'published' })
    }
    await withAdmin(async (page) => {
      await page.getByLabel('Search posts').fill('bulk')
      await expectTitles(page, ['Bulk Three', 'Bulk Two', 'Bulk One'])
      // A word only in a post's text finds it too, through the server's search index.
      await page.getByLabel('Search posts').fill('quartermaster')
      await expectTitles(page, ['Bulk Two'])
      await page.getByLabel('Search posts').fill('bulk')
      await expectTitles(page, ['Bulk Three', 'Bulk Two', 'Bulk One'])
      await page.getByLabel('Select all shown').check()
      const bar = page.getByRole('group', { name: 'Selected posts' })
      await page.locator('.post-selection__count').getByText('3 selected').waitFor()
      await expectAccessible(page)

      await bar.getByRole('button', { name: 'Unpublish' }).click()
      const dialog = page.getByRole('dialog')
      await dialog
        .getByText('Unpublish 3 posts? They leave the blog, its feeds and search, and become drafts.')
        .waitFor()
      await dialog.getByRole('button', { name: 'Unpublish' }).click()
      await page.locator('.toast').filter({ hasText: '3 posts unpublished' }).first().waitFor()
      // Focus is back on the boxes, not lost with the bar and its dialog.
      await page.waitForFunction(() => document.activeElement?.closest('.post-selection__all') !== null)
      await showFilter(page, 'Draft')
      await expectTitles(page, ['Bulk Three', 'Bulk Two', 'Bulk One'])
      // Those done are unticked: nothing is acted on twice by mistake.
      expect(await bar.count()).toBe(0)

      await page.getByRole('checkbox', { name: 'Select "Bulk One"' }).check()
      await page.getByRole('checkbox', { name: 'Select "Bulk Two"' }).check()
      await bar.getByRole('button', { name: 'Delete' }).click()
      await dialog.getByText('Delete 2 posts? This cannot be undone.').waitFor()
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await page.locator('.toast').filter({ hasText: '2 posts deleted' }).first().waitFor()
      await expectTitles(page, ['Bulk Three'])
      const left = await api<PostSummary[]>('GET', '/api/blog/admin-summary')
      expect(left.filter((post) => post.title.startsWith('Bulk')).map((post) => [post.title, post.status])).toEqual([
        ['Bulk Three', 'draft'],
      ])
    })
  })

  test('a tag and an order narrow the list, with the search and status, all in the address: a reload keeps it', async () => {
    await arrange()
    const tag = await api<{ id: number; name: string }>('POST', '/api/tags', { name: 'Zephyr Events' })
    const summary = await api<PostSummary[]>('GET', '/api/blog/admin-summary?_nocache')
    const ids = [FAIR, CAFE, TROPHY].map((title) => summary.find((row) => row.title === title)!.id)
    await api('POST', '/api/blog/bulk', { ids, action: 'tag', tagId: tag.id })
    await withAdmin(async (page) => {
      await page.getByRole('rowheader', { name: TROPHY }).waitFor()
      await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Zephyr Events' })
      await expectTitles(page, [FAIR, CAFE, TROPHY])
      expect(await filterButton(page, 'Published').textContent()).toBe('Published (2)')
      await page.getByLabel('Order').selectOption({ label: 'Title, A to Z' })
      await expectTitles(page, [CAFE, FAIR, TROPHY])
      expect(await page.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending')
      await showFilter(page, 'Published')
      await expectTitles(page, [CAFE, TROPHY])
      await page.getByLabel('Search posts').fill('trophy')
      await expectTitles(page, [TROPHY])
      await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'trophy')
      const address = new URL(page.url()).searchParams
      expect(Object.fromEntries(address)).toEqual({
        tag: String(tag.id),
        sort: 'title',
        status: 'published',
        q: 'trophy',
      })
      await expectAccessible(page)

      await page.reload()
      await page.getByRole('rowheader', { name: TROPHY }).waitFor()
      await expectTitles(page, [TROPHY])
      expect(await page.getByLabel('Search posts').inputValue()).toBe('trophy')
      expect(await page.getByLabel('Tag', { exact: true }).inputValue()).toBe(String(tag.id))
      expect(await page.getByLabel('Order').inputValue()).toBe('title')
      expect(await filterButton(page, 'Published').getAttribute('aria-pressed')).toBe('true')

      await page.getByLabel('Order').selectOption({ label: 'Created, newest first' })
      await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Any tag' })
      await page.getByLabel('Search posts').fill('zephyr')
      await showFilter(page, 'Draft')
      await expectTitles(page, [NOTES, SECRET])
      // Choosing a filter keeps focus where it was chosen.
      expect(await filterButton(page, 'Draft').evaluate((button) => button === document.activeElement)).toBe(true)
    })
  })

  test('fifty posts to a page, the page in the address: Next, a reload and Back keep the place', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        api('POST', '/api/blog', { title: `Paged ${n}`, content: '<p>Body</p>', status: 'draft' }),
      ),
    )
    await withAdmin(async (page) => {
      const rows = page.locator('.admin-table tbody tr')
      await page.getByText(/^Page 1 of 2$/).waitFor()
      expect(await rows.count()).toBe(50)
      const total = (await api<PostSummary[]>('GET', '/api/blog/admin-summary')).length
      await page.getByRole('link', { name: 'Next' }).click()
      await page.getByText(/^Page 2 of 2$/).waitFor()
      expect(new URL(page.url()).searchParams.get('page')).toBe('2')
      // Focus goes with the list, not left on the Next link, which is a disabled button on the last page.
      await page.waitForFunction(() => document.activeElement?.matches('.admin-table') === true)
      expect(await rows.count()).toBe(total - 50)
      await page.reload()
      await page.getByText(/^Page 2 of 2$/).waitFor()
      await expectAccessible(page)
      await page.goBack()
      await page.getByText(/^Page 1 of 2$/).waitFor()
      // A search starts at its own first page. Typed once page 2 shows: typed while the router was still moving
      // there, the search kept the page in the address until it reached it 250 ms later (a busy run checked sooner).
      await page.getByRole('link', { name: 'Next' }).click()
      await page.getByText(/^Page 2 of 2$/).waitFor()
      await page.getByLabel('Search posts').fill('paged')
      await page.waitForFunction(() => document.querySelectorAll('.admin-table tbody tr').length === 50)
      expect(await resultCount(page).textContent()).toBe(`50 of ${total} posts`)
      expect(await page.locator('.pagination').count()).toBe(0)
      // The address changes once the router has moved, which can be a moment after the list.
      await page.waitForURL((url) => !url.searchParams.has('page'), { timeout: 2000 })
    })
  })
})
