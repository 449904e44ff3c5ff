import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { PostDetail, PostSummary } from '../../src/shared/blog'
import type { PostRevisionSummary } from '../../src/shared/revisions'
import { adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, shoot, waitForHydration } from './support/browser'

const { url, api, withPage, withAdmin } = adminJourneys()

const editor = (page: Page) => page.locator('.post-form .ql-editor')
/** Quill fills the editor after it mounts, so its text is awaited rather than read once. */
const editorShows = (page: Page, text: string) => editor(page).filter({ hasText: text }).waitFor()
const findPost = async (title: string) =>
  (await api<PostSummary[]>('GET', '/api/blog/admin-summary')).find((post) => post.title === title)

/**
 * Saves the open post and waits for the list the save returns to: a toast of the same words from a save
 * moments before may still be up, so the toast alone does not say this save is done.
 */
async function updatePost(page: Page) {
  await page.getByRole('button', { name: 'Update Post' }).click()
  await toast(page, 'Post updated successfully')
  await page.getByRole('tab', { name: 'All Posts', selected: true }).waitFor()
}

/** A field's value is set in an effect after the form shows, so it is awaited rather than read once. */
const fieldValue = (page: Page, id: string, value: string, { not = false } = {}) =>
  page.waitForFunction(
    ([fieldId, expected, differs]) =>
      ((document.getElementById(fieldId) as HTMLInputElement | null)?.value === expected) !== differs,
    [id, value, not] as const,
  )

async function editPost(page: Page, title: string) {
  await tab(page, 'All Posts').click()
  await page.getByRole('button', { name: `Edit "${title}"` }).click()
  await toast(page, 'Ready to edit')
}

/** A visitor without a session, in a context of their own, opens a draft link. */
function asVisitor(link: string, run: (page: Page, status: number, robots: string | null) => Promise<void>) {
  return withPage(
    async ({ page }) => {
      const response = await page.goto(link)
      await waitForHydration(page)
      await run(page, response!.status(), response!.headers()['x-robots-tag'] ?? null)
    },
    { allowed: /status of 404/ },
  )
}

describe('the publishing workflow', () => {
  test(
    'writing survives tabs and a reload, a draft is shown by its draft link, and history restores a version',
    () =>
      withAdmin(async (page) => {
        const title = 'Embargoed Partner News'
        await tab(page, 'Add Post').click()
        await page.getByLabel('Title', { exact: true }).fill(title)
        await editor(page).click()
        await page.keyboard.type('The first words of the announcement.')

        // Another tab and back: the writing is still there.
        await tab(page, 'Tags').click()
        await page.getByRole('heading', { name: 'Manage Tags' }).waitFor()
        await tab(page, 'Add Post').click()
        expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
        await editorShows(page, 'The first words of the announcement.')
        await page.getByText('Unsaved changes', { exact: true }).waitFor()

        // The unsaved state, shown with the post page's component, without saving.
        await page.getByRole('button', { name: 'Preview', exact: true }).click()
        const formPreview = page.getByRole('dialog', { name: 'Preview of unsaved changes' })
        await formPreview.getByRole('heading', { level: 1, name: title }).waitFor()
        await formPreview.getByText('The first words of the announcement.').waitFor()
        await expectAccessible(page)
        await shoot(page, 'editor-form-preview', { fullPage: false })
        await formPreview.getByRole('button', { name: 'Back to editing' }).click()
        expect(await findPost(title)).toBeUndefined()

        // A copy lands in the browser within a few seconds; a reload asks first, then offers it back.
        await page.waitForFunction(() => localStorage.getItem('admin-post-draft:new')?.includes('first words'), null, {
          timeout: 8000,
        })
        let leaveWarning = ''
        page.once('dialog', (dialog) => {
          leaveWarning = dialog.type()
          void dialog.accept()
        })
        await page.reload()
        expect(leaveWarning).toBe('beforeunload')
        await waitForHydration(page)
        await tab(page, 'Add Post').click()
        await page.getByText('This browser kept unsaved changes to this post').waitFor()
        await expectAccessible(page)
        await shoot(page, 'editor-autosave-offer')
        await page.getByRole('button', { name: 'Restore unsaved changes' }).click()
        expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
        await editorShows(page, 'The first words of the announcement.')

        await page.getByRole('button', { name: 'Save Post' }).click()
        await toast(page, 'Post created successfully')
        const saved = await findPost(title)
        expect(saved?.status).toBe('draft')
        expect(await page.evaluate(() => localStorage.getItem('admin-post-draft:new'))).toBeNull()

        // The draft link, for someone without a session.
        await editPost(page, title)
        const link = await page.getByLabel('Preview link address').inputValue()
        expect(link).toMatch(/\/blog\/preview\/[0-9a-f]{48}$/)
        await expectAccessible(page)
        await shoot(page, 'editor-draft-link-and-history')
        await asVisitor(link, async (visitor, status, robots) => {
          expect([status, robots]).toEqual([200, 'noindex, nofollow'])
          await visitor.getByText('Preview, not published').waitFor()
          await visitor.getByRole('heading', { level: 1, name: title }).waitFor()
          expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
          await expectAccessible(visitor)
          await shoot(visitor, 'draft-link-page')
        })
        expect((await fetch(`${url()}/blog/embargoed-partner-news`)).status).toBe(404)

        // Regenerating kills the old link.
        await page.getByRole('button', { name: 'Regenerate' }).click()
        await page
          .getByRole('dialog', { name: 'Regenerate preview link' })
          .getByRole('button', { name: 'Regenerate' })
          .click()
        await toast(page, 'the old one no longer works')
        await fieldValue(page, 'draft-link-url', link, { not: true })
        await asVisitor(link, async (visitor, status) => {
          expect(status).toBe(404)
          await visitor.getByRole('heading', { name: 'Preview Not Found' }).waitFor()
        })

        // Two saves, then the first version back from the history.
        await page.getByLabel('Title', { exact: true }).fill(`${title} (second)`)
        await updatePost(page)
        await editPost(page, `${title} (second)`)
        await editor(page).click()
        await page.keyboard.press('End')
        await page.keyboard.type(' Third take.')
        await updatePost(page)
        await editPost(page, `${title} (second)`)

        const versions = page.getByRole('list', { name: 'Earlier versions, newest first' }).getByRole('listitem')
        await versions.nth(1).waitFor()
        expect(await versions.count()).toBe(2)
        expect(await versions.nth(0).textContent()).toContain('Content changed')
        expect(await versions.nth(1).textContent()).toContain('Title changed')
        await versions.nth(1).getByRole('button', { name: /^Show/ }).click()
        const shown = page.getByRole('dialog', { name: /^Version replaced/ })
        await shown.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
        await expectAccessible(page)
        await shoot(page, 'editor-revision-shown', { fullPage: false })
        await shown.getByRole('button', { name: 'Restore this version' }).click()
        await page
          .getByRole('dialog', { name: 'Restore this version' })
          .getByRole('button', { name: 'Restore' })
          .click()
        await toast(page, /was restored/)
        await toast(page, 'Ready to edit')
        await fieldValue(page, 'post-title', title)
        const restored = await api<PostDetail>('GET', `/api/blog/${saved!.id}`)
        expect([restored.title, restored.content]).toEqual([title, '<p>The first words of the announcement.</p>'])
        // The restore is itself a save: the version it replaced is now the newest in the history.
        await versions.nth(2).waitFor()
        expect(await versions.count()).toBe(3)
      }),
    // A long journey: 24 s here, 44 s in a slow spell of this shared machine; the default 60 s left too little room.
    120_000,
  )

  test('two browsers edit one post: the later save is refused with both versions side by side, and Replace with mine keeps the other in the history', async () => {
    const title = 'Two Tabs, One Post'
    const created = await api<PostDetail>('POST', '/api/blog', {
      title,
      content: '<p>The words both tabs opened.</p>',
      status: 'draft',
    })
    await withAdmin(async (first) =>
      withAdmin(
        async (second) => {
          await editPost(first, title)
          await editPost(second, title)
          await editorShows(second, 'The words both tabs opened.')
          // The first browser has the post open: the second is told (another session of the same person here).
          await second.getByRole('status').filter({ hasText: 'Kindlewave Studios is editing this post.' }).waitFor()

          await first.getByLabel('Title', { exact: true }).fill(`${title}, retitled in the first tab`)
          await updatePost(first)

          await editor(second).click()
          await second.keyboard.press('End')
          await second.keyboard.type(' A sentence from the second tab.')
          await second.getByRole('button', { name: 'Update Post' }).click()
          const refused = second.getByRole('dialog', { name: 'Saved by someone else' })
          await refused.getByText(/Kindlewave Studios saved this post on .+, after you opened it/).waitFor()
          // The comparison: their title beside this browser's, the fields that differ marked.
          const theirs = refused.getByRole('region', { name: /^Theirs: Kindlewave Studios/ })
          const yours = refused.getByRole('region', { name: 'Yours (not saved)' })
          await theirs.getByText(`${title}, retitled in the first tab`).waitFor()
          expect(await yours.locator('.compare__field--differs dt').allTextContents()).toEqual([
            'TitleDiffers',
            'TextDiffers',
          ])
          await yours.getByText('The words both tabs opened. A sentence from the second tab.').waitFor()
          // Nothing was written: the first tab's title stands, and the second tab still holds its words.
          expect((await api<PostDetail>('GET', `/api/blog/${created.id}`)).title).toBe(
            `${title}, retitled in the first tab`,
          )
          await editorShows(second, 'A sentence from the second tab.')
          await expectAccessible(second)
          await shoot(second, 'editor-saved-by-someone-else', { fullPage: false })

          await refused.getByRole('button', { name: 'Replace with mine' }).click()
          await toast(second, 'Post updated successfully')
          const standing = await api<PostDetail>('GET', `/api/blog/${created.id}`)
          expect([standing.title, standing.content]).toEqual([
            title,
            '<p>The words both tabs opened. A sentence from the second tab.</p>',
          ])
          // The version it replaced, the first tab's, is the newest in the history.
          const history = await api<PostRevisionSummary[]>('GET', `/api/blog/${created.id}/revisions`)
          expect(history[0]!.title).toBe(`${title}, retitled in the first tab`)
        },
        { allowed: /status of 412 \(Precondition Failed\)/ },
      ),
    )
  })

  test('a post that fails to load cannot be saved with the placeholder, and loads on Try again', async () => {
    const title = 'Loads On The Second Try'
    const created = await api<PostDetail>('POST', '/api/blog', {
      title,
      content: '<p>Words a failed load must not replace.</p>',
      status: 'draft',
    })
    await withAdmin(
      async (page) => {
        const detail = new RegExp(`/api/blog/${created.id}\\?`)
        await page.route(detail, (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' }),
        )
        await tab(page, 'All Posts').click()
        await page.getByRole('button', { name: `Edit "${title}"` }).click()
        await page.getByRole('alert').filter({ hasText: 'The post could not be loaded' }).waitFor()
        expect(await page.getByRole('button', { name: 'Update Post' }).isDisabled()).toBe(true)
        await expectAccessible(page)

        await page.unroute(detail)
        await page.getByRole('button', { name: 'Try again' }).click()
        await editorShows(page, 'Words a failed load must not replace.')
        expect(await page.getByRole('button', { name: 'Update Post' }).isDisabled()).toBe(false)
        expect((await api<PostDetail>('GET', `/api/blog/${created.id}`)).content).toBe(
          '<p>Words a failed load must not replace.</p>',
        )
      },
      { allowed: /status of 500 \(Internal Server Error\)/ },
    )
  })

  test('a scheduled post says when it goes live, in the editor and in the list, also at 375 px', async () => {
    const title = 'Next Year Teaser'
    const goesLive = `${new Date().getUTCFullYear() + 1}-03-14T16:30`
    await api('POST', '/api/blog', { title, content: '<p>Soon.</p>', status: 'published', publishedAt: goesLive })
    await withAdmin(async (page) => {
      await editPost(page, title)
      await page.getByText(/Goes live on its own March 14, \d{4}, 16:30 UTC/).waitFor()
      await expectAccessible(page)
      await shoot(page, 'editor-scheduled')

      await tab(page, 'All Posts').click()
      await page.setViewportSize({ width: 375, height: 812 })
      const row = page.getByRole('row').filter({ hasText: title })
      await row.getByText('scheduled', { exact: true }).waitFor()
      await row.getByText(/Goes live March 14/).waitFor()
      // Its page is not public yet, so the list offers no View link to a 404.
      expect(await row.getByRole('link', { name: /^View/ }).count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await expectAccessible(page)
      await shoot(page, 'post-list-375')
    })
  })

  test('writing is thrown away only when the administrator says so', async () => {
    await api('POST', '/api/blog', { title: 'Harbour Notes', content: '<p>Saved words.</p>', status: 'draft' })
    await withAdmin(async (page) => {
      // Back to the post being edited from the list: the same form, as it was left, and no question.
      await editPost(page, 'Harbour Notes')
      await editor(page).click()
      await page.keyboard.press('End')
      await page.keyboard.type(' Unsaved words.')
      await tab(page, 'All Posts').click()
      await page.getByRole('button', { name: 'Edit "Harbour Notes"' }).click()
      await editorShows(page, 'Unsaved words.')

      // Another post asks first; saying no keeps everything.
      await tab(page, 'All Posts').click()
      await page
        .getByRole('button', { name: /^Edit "/ })
        .last()
        .click()
      const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
      await ask.getByRole('button', { name: 'Cancel' }).click()
      await tab(page, 'Add Post').click()
      await editorShows(page, 'Unsaved words.')

      // A copy of a new post survives a reload and opening another post, until it is offered.
      await page.getByRole('button', { name: 'Cancel Edit' }).click()
      await page
        .getByRole('dialog', { name: 'Discard unsaved changes?' })
        .getByRole('button', { name: 'Discard' })
        .click()
      await page.getByLabel('Title', { exact: true }).fill('A new idea')
      await page.waitForFunction(() => localStorage.getItem('admin-post-draft:new')?.includes('A new idea'), null, {
        timeout: 8000,
      })
      page.once('dialog', (dialog) => void dialog.accept())
      await page.reload()
      await waitForHydration(page)
      await editPost(page, 'Harbour Notes')
      await page.getByRole('button', { name: 'Cancel Edit' }).click()
      await page.getByText('This browser kept unsaved changes to this post').waitFor()
      await page.getByRole('button', { name: 'Restore unsaved changes' }).click()
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('A new idea')

      // Logging out asks first, then leaves no copy of anything in this browser for the next person at it.
      const copies = () =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('admin-post-draft:')))
      expect(await copies()).not.toEqual([])
      await page.getByRole('button', { name: 'Log out' }).click()
      await page
        .getByRole('dialog', { name: 'Log out with unsaved changes?' })
        .getByRole('button', { name: 'Log out' })
        .click()
      await page.waitForURL(`${url()}/admin/login`)
      await waitForHydration(page)
      expect(await copies()).toEqual([])
    })
  })
})
