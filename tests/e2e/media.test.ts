import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { PostDetail, PostSummary } from '../../src/shared/blog'
import type { MediaUpload } from '../../src/shared/media'
import { cameraJpeg } from '../support/images'
import { adminJourneys, toast } from './support/admin'
import { expectAccessible, waitForHydration } from './support/browser'

const { url, api, cookie, withPage, withAdmin } = adminJourneys()
const dir = mkdtempSync(join(tmpdir(), 'site-media-'))
const PHOTO = join(dir, 'IMG_2041.jpg')
const COVER = join(dir, 'cover.jpg')

beforeAll(async () => {
  // A phone photo of about 4 MB (4000 × 3000, with camera and GPS data), and a smaller cover picture.
  await Bun.write(PHOTO, await cameraJpeg({ width: 4000, height: 3000, quality: 92 }))
  await Bun.write(COVER, await cameraJpeg({ width: 2400, height: 1600, quality: 85 }))
  expect(Bun.file(PHOTO).size).toBeGreaterThan(4_000_000)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const storedContent = async (slug: string) => {
  const summary = (await api<PostSummary[]>('GET', '/api/blog/admin-summary')).find((post) => post.slug === slug)!
  return (await api<PostDetail>('GET', `/api/blog/${summary.id}`)).content
}

async function pickFile(page: Page, open: () => Promise<void>, path: string) {
  const chooser = page.waitForEvent('filechooser')
  await open()
  await (await chooser).setFiles(path)
}

describe('pictures and videos in a post', () => {
  test(
    'upload a photo with alt text, embed a YouTube video, upload a featured image, publish, reopen and save again',
    () =>
      withAdmin(async (page) => {
        await page.getByRole('tab', { name: 'Add Post', exact: true }).click()
        await page.getByLabel('Title', { exact: true }).fill('Lantern Festival Photo Walk')
        await page.locator('.ql-editor').click()
        await page.keyboard.type('The plaza glowed all night.')
        await page.keyboard.press('Enter')

        await pickFile(page, () => page.locator('.ql-toolbar .ql-image').click(), PHOTO)
        await page.getByText(/Uploading IMG_2041\.jpg/).waitFor()
        const describe = page.getByRole('dialog', { name: 'Describe the new picture' })
        await describe.waitFor({ timeout: 30_000 })
        await expectAccessible(page)
        await describe.getByRole('button', { name: 'Save' }).click()
        await describe.getByText('Describe the picture, or mark it as decoration.').waitFor()
        await describe.getByLabel('Alt text', { exact: true }).fill('Paper lanterns above the fountain at night')
        await describe.getByLabel('Caption (optional)').fill('Festival night at the fountain')
        await describe.getByRole('button', { name: 'Save' }).click()
        await page.locator('.ql-editor figure img[alt="Paper lanterns above the fountain at night"]').waitFor()

        await page.locator('.ql-toolbar .ql-video').click()
        const videoLink = page.locator('.ql-tooltip input[data-video]')
        await videoLink.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
        await videoLink.press('Enter')
        await page.locator('.ql-editor iframe.ql-video').waitFor()

        await pickFile(page, () => page.getByRole('button', { name: 'Upload image' }).click(), COVER)
        const cover = page.getByRole('dialog', { name: 'Describe the featured image' })
        await cover.getByLabel('Alt text', { exact: true }).fill('Lanterns strung across the plaza')
        await cover.getByRole('button', { name: 'Save' }).click()
        // The picture uploads after it is described: the address appears once it is stored.
        await page.waitForFunction(() =>
          /^\/media\/[0-9a-f]{24}-\d+\.webp$/.test((document.getElementById('post-image') as HTMLInputElement).value),
        )
        await page.locator('.featured-image__preview').waitFor()

        await page.getByLabel('Status').selectOption('published')
        await page.getByRole('button', { name: 'Save Post' }).click()
        await toast(page, 'Post created successfully')

        await withPage(async ({ page: visitor }) => {
          await visitor.goto(`${url()}/blog/lantern-festival-photo-walk`)
          await waitForHydration(visitor)
          const photo = visitor.locator('.post-content figure img')
          expect(await photo.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{24}-1200\.webp$/)
          expect(await photo.getAttribute('srcset')).toContain('-480.webp 480w')
          expect(await photo.getAttribute('alt')).toBe('Paper lanterns above the fountain at night')
          expect(await visitor.locator('.post-content figcaption').textContent()).toBe('Festival night at the fountain')
          const player = visitor.locator('.post-content iframe')
          expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
          expect(await visitor.locator('.post__image').getAttribute('alt')).toBe('Lanterns strung across the plaza')
          await expectAccessible(visitor)
        })

        const saved = await storedContent('lantern-festival-photo-walk')
        await page.getByRole('button', { name: 'Edit "Lantern Festival Photo Walk"' }).click()
        await toast(page, 'Ready to edit')
        await page.locator('.ql-editor figure img[alt="Paper lanterns above the fountain at night"]').waitFor()
        await page.locator('.ql-editor iframe.ql-video').waitFor()
        // A keystroke and its undoing: what is saved is now the editor's own HTML, not the copy it was given.
        await page.locator('.ql-editor p').first().click()
        await page.keyboard.press('End')
        await page.keyboard.type('!')
        await page.keyboard.press('Backspace')
        await page.getByRole('button', { name: 'Update Post' }).click()
        await toast(page, 'Post updated successfully')
        expect(await storedContent('lantern-festival-photo-walk')).toBe(saved)
      }),
    // A long journey: 15 s here, 41 s in a slow spell of this shared machine; the default 60 s left too little room.
    120_000,
  )

  test('clicking a picture in the editor edits its alt text', async () => {
    await api<PostDetail>('POST', '/api/blog', {
      title: 'Booth Tour',
      content: '<p>Look.</p><p><img src="/blog/crane-prizes.webp" alt=""></p>',
      status: 'draft',
    })
    await withAdmin(async (page) => {
      await page.getByRole('button', { name: 'Edit "Booth Tour"' }).click()
      await toast(page, 'Ready to edit')
      await page.locator('.ql-editor img').click()
      const dialog = page.getByRole('dialog', { name: 'Edit the picture' })
      // The dialog takes the picture's details in an effect after it opens.
      await dialog.getByRole('checkbox', { name: 'Decoration only (no alt text)', checked: true }).waitFor()
      await dialog.getByRole('checkbox', { name: 'Decoration only (no alt text)' }).uncheck()
      await dialog.getByLabel('Alt text', { exact: true }).fill('Prize capsules on a shelf')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      expect(await storedContent('booth-tour')).toContain(
        '<img src="/blog/crane-prizes.webp" alt="Prize capsules on a shelf"',
      )
    })
  })

  test('a failed upload explains itself and keeps the text', () =>
    withAdmin(
      async (page) => {
        const notes = join(dir, 'notes.png')
        await Bun.write(notes, 'These are meeting notes, not a picture.')
        await page.getByRole('tab', { name: 'Add Post', exact: true }).click()
        await page.locator('.ql-editor').click()
        await page.keyboard.type('Words that must stay.')
        await pickFile(page, () => page.locator('.ql-toolbar .ql-image').click(), notes)
        await toast(page, 'notes.png: Upload an image: PNG, JPEG, GIF, WebP, AVIF, BMP, ICO.')
        expect(await page.locator('.ql-editor').textContent()).toBe('Words that must stay.')
      },
      { allowed: /status of 415/ },
    ))
})

describe('uploads past every limit', () => {
  test('30 MB answers the site JSON 413, not an empty one from the server underneath', async () => {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(30 * 1024 * 1024)], 'huge.png', { type: 'image/png' }))
    const res = await fetch(`${url()}/api/media`, {
      method: 'POST',
      headers: { origin: url(), cookie: cookie() },
      body: form,
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'The file is too large (at most 20 MB).' })
  })
})

describe('a post with a 4 MB photo on a phone', () => {
  test('downloads under 300 KB of HTML and pictures at 375 px, every picture scrolled into view', async () => {
    const form = new FormData()
    form.append('file', new File([await Bun.file(PHOTO).arrayBuffer()], 'IMG_2041.jpg', { type: 'image/jpeg' }))
    form.append('alt', 'Paper lanterns above the fountain at night')
    const upload = await fetch(`${url()}/api/media`, {
      method: 'POST',
      headers: { origin: url(), cookie: cookie() },
      body: form,
    })
    const photo = (await upload.json()) as MediaUpload
    await api<PostDetail>('POST', '/api/blog', {
      title: 'Night Market',
      content: `<p>The night market opened.</p><figure><img src="${photo.url}" alt="Paper lanterns above the fountain at night"></figure><p>Come early.</p>`,
      featuredImage: photo.url,
      status: 'published',
    })

    await withPage(
      async ({ page }) => {
        let bytes = 0
        const counted: string[] = []
        page.on('response', async (response) => {
          const type = response.request().resourceType()
          if (type !== 'document' && type !== 'image') return
          bytes += (await response.body().catch(() => Buffer.alloc(0))).byteLength
          counted.push(`${type} ${new URL(response.url()).pathname}`)
        })
        await page.goto(`${url()}/blog/night-market`)
        await waitForHydration(page)
        for (let y = 0; y < 6000; y += 400) {
          await page.mouse.wheel(0, 400)
          await page.waitForTimeout(50)
        }
        await page.waitForLoadState('networkidle')
        expect(counted.some((line) => line.includes(photo.url.replace(/-\d+\.webp$/, '')))).toBe(true)
        expect(bytes).toBeLessThan(300 * 1024)
        await expectAccessible(page)
      },
      { context: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
    )
  })
})
