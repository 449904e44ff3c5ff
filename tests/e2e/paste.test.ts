import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { PostDetail, PostSummary } from '../../src/shared/blog'
import { adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, waitForHydration } from './support/browser'

const { url, api, withAdmin } = adminJourneys()

/** What Google Docs puts on the clipboard for a short document: a title, styled text, a table, nested bullets. */
const GOOGLE_DOCS = readFileSync(join(import.meta.dir, 'fixtures', 'google-docs-paste.html'), 'utf8')

/** A paste as the browser delivers one: a clipboard event carrying HTML and its plain text. */
const paste = (page: Page, html: string) =>
  page.evaluate((html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'Winter Festival Booths')
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    document.querySelector('.ql-editor')?.dispatchEvent(event)
  }, html)

const STRUCTURE =
  '<h2>Winter Festival Booths</h2>' +
  '<p><strong>Booths</strong><em> open on the first of December</em>. Read the ' +
  '<a href="https://example.com/rules" rel="noopener noreferrer" target="_blank">festival rules</a> first.</p>' +
  '<h2>Prices</h2><table tabindex="0"><tbody><tr><td>Item</td><td>Price</td></tr><tr><td>Snow Globe Booth</td><td>15,000</td></tr>' +
  '<tr><td>Ice Rink Booth</td><td>22,000</td></tr></tbody></table><p></p>' +
  '<ul><li>Snow globes<ul><li>Small and large</li></ul></li><li>Ice rink</li></ul>'

describe('pasting into the editor', () => {
  test('a Google Docs fragment saves as structured HTML without its colours, and the public page passes axe', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Winter Festival Booths')
      await page.locator('.ql-editor').click()
      await paste(page, GOOGLE_DOCS)
      await page.locator('.ql-editor table').waitFor()
      await page.getByLabel('Status').selectOption('published')
      await page.getByRole('button', { name: 'Save Post' }).click()
      await toast(page, 'Post created successfully')
      const [created] = await api<PostSummary[]>('GET', '/api/blog/admin-summary')
      const post = await api<PostDetail>('GET', `/api/blog/${created!.id}`)
      expect(post.content).toBe(STRUCTURE)

      // Opened again and saved unchanged, the post is stored as it was.
      await page.getByRole('button', { name: `Edit "${post.title}"` }).click()
      await toast(page, 'Post loaded successfully')
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      expect((await api<PostDetail>('GET', `/api/blog/${post.id}`)).content).toBe(STRUCTURE)

      await page.goto(`${url()}/blog/${post.slug}`)
      await waitForHydration(page)
      await page.locator('.post-content table').waitFor()
      await expectAccessible(page)
    }))
})
