import { describe, expect, test } from 'bun:test'
import type { PostDetail, PostSummary } from '../../src/shared/blog'
import { adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, shoot, waitForHydration } from './support/browser'

const { url, api, withAdmin } = adminJourneys()

const STORED =
  '<aside class="callout callout--warning">Heads up: doors open at eight.</aside>' +
  '<p><a class="post-button" href="https://store.kindlewave.studio" rel="noopener noreferrer" target="_blank">Buy now</a></p>' +
  '<pre>\nconst doors = 8\nopen(doors)\n</pre><hr /><p>The end.</p>'

describe('cards', () => {
  test('a callout, a button, code and a divider made from the toolbar round-trip: editor, save, page, reopen, save', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Cards Everywhere')
      const editor = page.locator('.ql-editor')
      const toolbar = page.getByRole('toolbar', { name: 'Content formatting' })
      await editor.click()
      await page.keyboard.type('Heads up: doors open at eight.')
      await toolbar.getByRole('button', { name: 'Callout', exact: true }).click()
      await toolbar.getByRole('button', { name: 'Callout: Warning' }).click()
      await page.keyboard.press('End')
      await page.keyboard.press('Enter')
      await toolbar.getByRole('button', { name: 'Callout', exact: true }).click()
      await toolbar.getByRole('button', { name: 'No callout' }).click()
      await page.keyboard.type('Buy now')
      // Button on plain text says what to do first; on a link it makes the link a button.
      await page.keyboard.press('Shift+Home')
      await toolbar.getByRole('button', { name: 'Button', exact: true }).click()
      await toast(page, 'Make it a link first')
      await toolbar.getByRole('button', { name: 'Link', exact: true }).click()
      await page.getByRole('textbox', { name: 'Link address' }).fill('https://store.kindlewave.studio')
      await page.keyboard.press('Enter')
      await editor.click()
      await page.keyboard.press('End')
      await page.keyboard.press('ArrowLeft')
      await toolbar.getByRole('button', { name: 'Button', exact: true }).click()
      await page.keyboard.press('End')
      await page.keyboard.press('Enter')
      await toolbar.getByRole('button', { name: 'Code block', exact: true }).click()
      await page.keyboard.type('const doors = 8')
      await page.keyboard.press('Enter')
      await page.keyboard.type('open(doors)')
      for (let n = 0; n < 3; n++) await page.keyboard.press('Enter')
      await toolbar.getByRole('button', { name: 'Divider', exact: true }).click()
      await page.keyboard.type('The end.')
      await shoot(page, 'cards-editor-1280', { fullPage: false })
      await page.getByLabel('Status').selectOption('published')
      await page.getByRole('button', { name: 'Save Post' }).click()
      await toast(page, 'Post created successfully')
      const [created] = await api<PostSummary[]>('GET', '/api/blog/admin-summary')
      expect((await api<PostDetail>('GET', `/api/blog/${created!.id}`)).content).toBe(STORED)

      await page.getByRole('button', { name: 'Edit "Cards Everywhere"' }).click()
      await toast(page, 'Post loaded successfully')
      expect(await editor.locator('aside.callout--warning').count()).toBe(1)
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      expect((await api<PostDetail>('GET', `/api/blog/${created!.id}`)).content).toBe(STORED)

      await page.goto(`${url()}/blog/${created!.slug}`)
      await waitForHydration(page)
      const content = page.locator('.post-content')
      await content.locator('aside.callout--warning').waitFor()
      expect(await content.getByRole('link', { name: 'Buy now' }).getAttribute('class')).toBe('post-button')
      expect(await content.locator('pre').textContent()).toBe('const doors = 8\nopen(doors)\n')
      expect(await content.locator('hr').count()).toBe(1)
      await expectAccessible(page)
    }))
})
