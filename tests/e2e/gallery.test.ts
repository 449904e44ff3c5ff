import { describe, expect, test } from 'bun:test'
import type { PostDetail } from '../../src/shared/blog'
import { adminJourneys } from './support/admin'
import { expectAccessible, shoot, waitForHydration } from './support/browser'

const { url, api, withPage } = adminJourneys()

const GALLERY =
  '<p>Three booths.</p><figure class="post-gallery">' +
  '<img src="/blog/button-and-bean.webp" alt="Button and Bean at their booth" width="1200" height="630">' +
  '<img src="/blog/charity-stream.webp" alt="The charity stream stage" width="1200" height="630">' +
  '<img src="/blog/promotion-blimp.webp" alt="The promotion blimp over the plaza" width="1200" height="630">' +
  '</figure><p>See you there.</p>'

describe('a gallery', () => {
  test('three pictures in a grid open large by keyboard; arrows go through them; Escape returns to the picture', () =>
    withPage(async ({ page }) => {
      const post = await api<PostDetail>('POST', '/api/blog', {
        title: 'Three Booths',
        content: GALLERY,
        status: 'published',
      })
      expect(post.content).toContain('<figure class="post-gallery">')
      await page.goto(`${url()}/blog/${post.slug}`)
      await waitForHydration(page)
      const first = page.getByRole('button', { name: 'Open picture 1 of 3: button and bean at their booth' })
      await first.focus()
      await page.keyboard.press('Enter')
      const lightbox = page.getByRole('dialog', { name: 'Picture 1 of 3: Button and Bean at their booth' })
      await lightbox.waitFor()
      await expectAccessible(page)
      await page.keyboard.press('ArrowRight')
      await page.getByRole('dialog', { name: 'Picture 2 of 3: The charity stream stage' }).waitFor()
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      await page.getByRole('dialog', { name: 'Picture 3 of 3: The promotion blimp over the plaza' }).waitFor()
      await shoot(page, 'gallery-lightbox-1280', { fullPage: false })
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !document.querySelector('dialog.lightbox')?.hasAttribute('open'))
      expect(await first.evaluate((picture) => picture === document.activeElement)).toBe(true)
      await expectAccessible(page)
    }))
})
