import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { PostDetail, PostSummary } from '../../src/shared/blog'
import type { MediaUpload } from '../../src/shared/media'
import { POST_MESSAGES } from '../../src/shared/post-rules'
import { cameraJpeg } from '../support/images'
import { ADMIN_PASSWORD, adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, shoot, shootNarrow, waitForHydration } from './support/browser'

const { url, api, cookie, withPage, withAdmin } = adminJourneys()

const editor = (page: Page) => page.locator('.ql-editor')

/** Save Post on a new post (published first when asked), then the post as the API stores it: the newest one. */
async function saveNewPost(page: Page, { publish = false } = {}): Promise<PostDetail> {
  if (publish) await page.getByLabel('Status').selectOption('published')
  await page.getByRole('button', { name: 'Save Post' }).click()
  await toast(page, 'Post created successfully')
  const [created] = await api<PostSummary[]>('GET', '/api/blog/admin-summary')
  return api<PostDetail>('GET', `/api/blog/${created!.id}`)
}
const editorHtml = (page: Page) => editor(page).innerHTML()
/** A task and a frame later: what a focus change set off (a judgement, a render) has happened. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(null)))))
const focusIsInEditor = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains('ql-editor') ?? false)
const pick = async (page: Page, picker: string, value: string | null) => {
  await page.locator(`.ql-${picker} .ql-picker-label`).click()
  await page
    .locator(`.ql-${picker} .ql-picker-item${value === null ? ':not([data-value])' : `[data-value="${value}"]`}`)
    .click()
}

interface Format {
  name: string
  /** Applies the format from the toolbar, the editor empty and focused. */
  apply: (page: Page) => Promise<void>
  /** The editor's HTML once "Overview" is typed. */
  html: string
  /** A line format stays on the empty line a deletion leaves: taken off before the next format. */
  remove?: (page: Page) => Promise<void>
}

const button = (name: string, value?: string) => (page: Page) =>
  page.locator(`.ql-toolbar button.ql-${name}${value ? `[value="${value}"]` : ''}`).click()

const FORMATS: Format[] = [
  {
    name: 'Heading 2',
    apply: (page) => pick(page, 'header', '2'),
    html: '<h2>Overview</h2>',
    remove: (page) => pick(page, 'header', null),
  },
  { name: 'Bold', apply: button('bold'), html: '<p><strong>Overview</strong></p>' },
  { name: 'Italic', apply: button('italic'), html: '<p><em>Overview</em></p>' },
  { name: 'Underline', apply: button('underline'), html: '<p><u>Overview</u></p>' },
  { name: 'Strikethrough', apply: button('strike'), html: '<p><s>Overview</s></p>' },
  {
    name: 'Quote',
    apply: button('blockquote'),
    html: '<blockquote>Overview</blockquote>',
    remove: button('blockquote'),
  },
  {
    name: 'Numbered list',
    apply: button('list', 'ordered'),
    html: '<ol><li data-list="ordered"><span class="ql-ui" contenteditable="false"></span>Overview</li></ol>',
    remove: button('list', 'ordered'),
  },
  {
    name: 'Bullet list',
    apply: button('list', 'bullet'),
    html: '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Overview</li></ol>',
    remove: button('list', 'bullet'),
  },
  {
    name: 'Centred',
    apply: (page) => pick(page, 'align', 'center'),
    html: '<p class="ql-align-center">Overview</p>',
    remove: (page) => pick(page, 'align', null),
  },
  {
    name: 'Text colour',
    apply: (page) => pick(page, 'color', '#ffb547'),
    html: '<p><span style="color: rgb(255, 181, 71);">Overview</span></p>',
  },
]

describe('writing in the editor', () => {
  test('an empty editor keeps every character typed after each toolbar format, and after select-all and Delete', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await editor(page).waitFor()
      const error = page.getByText(POST_MESSAGES.contentRequired)
      for (const format of FORMATS) {
        await editor(page).click()
        await format.apply(page)
        await settled(page)
        expect(await error.count()).toBe(0)
        await page.keyboard.type('Overview')
        expect({ format: format.name, html: await editorHtml(page) }).toEqual({
          format: format.name,
          html: format.html,
        })
        expect(await focusIsInEditor(page)).toBe(true)
        expect(await error.count()).toBe(0)
        // Emptied by hand, the editor still holds the cursor and judges nothing while it is being written in.
        await page.keyboard.press('Control+a')
        await page.keyboard.press('Delete')
        await settled(page)
        expect(await focusIsInEditor(page)).toBe(true)
        expect(await error.count()).toBe(0)
        await page.keyboard.type('Again')
        expect(await editor(page).textContent()).toBe('Again')
        await page.keyboard.press('Control+a')
        await page.keyboard.press('Delete')
        await format.remove?.(page)
      }
      expect(await editorHtml(page)).toBe('<p><br></p>')
    }))

  test('"Content is required" shows once focus leaves an empty editor, and goes once it holds text', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await editor(page).click()
      await page.getByLabel('Title', { exact: true }).click()
      const error = page.getByText(POST_MESSAGES.contentRequired)
      await error.waitFor()
      expect(await editor(page).getAttribute('aria-invalid')).toBe('true')
      expect(await editor(page).getAttribute('aria-describedby')).toBe('post-content-keys post-content-error')
      await expectAccessible(page)
      await editor(page).click()
      await page.keyboard.type('Doors open at eight.')
      await error.waitFor({ state: 'detached' })
      expect(await editor(page).getAttribute('aria-invalid')).toBe('false')
      expect(await editor(page).getAttribute('aria-describedby')).toBe('post-content-keys')
      expect(await editor(page).textContent()).toBe('Doors open at eight.')
    }))

  test('text written, left and come back to, then deleted, is not judged until the editor is left again', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await editor(page).click()
      await page.keyboard.type('First thoughts')
      await page.getByLabel('Title', { exact: true }).click()
      await editor(page).click()
      await page.keyboard.press('Control+a')
      await page.keyboard.press('Delete')
      await page.keyboard.type('Second')
      await page.keyboard.press('Control+a')
      await page.keyboard.press('Delete')
      const error = page.getByText(POST_MESSAGES.contentRequired)
      await settled(page)
      expect(await error.count()).toBe(0)
      expect(await focusIsInEditor(page)).toBe(true)
      // Left by the keyboard this time.
      await page.keyboard.press('Tab')
      await error.waitFor()
    }))

  test('Save Post clicked straight from an empty editor submits: the form says what to fix and the editor has focus', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Doors at Eight')
      await editor(page).click()
      // One press of the button, as a visitor's: the message appearing as focus leaves must not move it away.
      await page.getByRole('button', { name: 'Save Post' }).click()
      await page.getByText('Please fix the form errors before submitting').waitFor()
      await page.getByText(POST_MESSAGES.contentRequired).waitFor()
      expect(await editor(page).getAttribute('aria-invalid')).toBe('true')
      expect(await focusIsInEditor(page)).toBe(true)
    }))
})

describe('the editor by keyboard and screen reader', () => {
  test('Tab leaves the editor without typing a tab; Ctrl+] and Ctrl+[ indent and outdent a list item', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await editor(page).click()
      await page.keyboard.type('- Booths')
      await page.keyboard.press('Enter')
      await page.keyboard.type('Snow globes')
      await page.keyboard.press('Control+]')
      expect(await page.locator('.ql-editor li.ql-indent-1').textContent()).toBe('Snow globes')
      await page.keyboard.press('Control+[')
      expect(await page.locator('.ql-editor li.ql-indent-1').count()).toBe(0)
      await page.keyboard.press('Tab')
      expect(await focusIsInEditor(page)).toBe(false)
      expect(await editor(page).textContent()).toBe('BoothsSnow globes')
      await page.keyboard.press('Shift+Tab')
      expect(await focusIsInEditor(page)).toBe(true)
      expect(await editor(page).getAttribute('aria-describedby')).toBe('post-content-keys')
      expect(await page.locator('#post-content-keys').textContent()).toContain('Tab moves to the next field')
    }))

  test('every toolbar control, colour and the link field has a human name', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await editor(page).waitFor()
      const toolbar = page.getByRole('toolbar', { name: 'Content formatting' })
      for (const name of [
        'Bold',
        'Italic',
        'Underline',
        'Strikethrough',
        'Quote',
        'Numbered list',
        'Bullet list',
        'Decrease indent',
        'Increase indent',
        'Link',
        'Picture',
        'Video',
        'Clear formatting',
        'Heading',
        'Text colour',
        'Background colour',
        'Alignment',
      ])
        expect({ name, count: await toolbar.getByRole('button', { name, exact: true }).count() }).toEqual({
          name,
          count: 1,
        })
      // No control is left with Quill's internal name or none at all.
      const unnamed = await toolbar
        .locator('button, [role="button"]')
        .evaluateAll((controls) =>
          controls
            .map((control) => control.getAttribute('aria-label') ?? '')
            .filter((name) => name === '' || /^[a-z]+(: .*)?$/.test(name)),
        )
      expect(unnamed).toEqual([])
      // Quill's hidden selects keep their options: each says what it is, none is an empty <option>.
      expect(await page.locator('.ql-toolbar select option:not([label])').count()).toBe(0)
      await toolbar.getByRole('button', { name: 'Text colour', exact: true }).click()
      await toolbar.getByRole('button', { name: 'Text colour: Amber' }).waitFor()
      await toolbar.getByRole('button', { name: 'Text colour: Default' }).waitFor()
      await page.keyboard.press('Escape')
      await editor(page).click()
      await page.keyboard.type('Tickets')
      await page.keyboard.press('Shift+Home')
      await toolbar.getByRole('button', { name: 'Link', exact: true }).click()
      await page.getByRole('textbox', { name: 'Link address' }).waitFor()
      await page.keyboard.press('Escape')
      await toolbar.getByRole('button', { name: 'Video', exact: true }).click()
      await page.getByRole('textbox', { name: 'Video address' }).waitFor()
      await expectAccessible(page)
    }))

  test('focus lands on the page heading after sign-in, and on the list of posts after Save Post', () =>
    withPage(async ({ page }) => {
      await page.goto(`${url()}/admin/login`)
      await waitForHydration(page)
      await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD)
      await page.getByRole('button', { name: 'Login' }).click()
      await page.locator('.admin-table').waitFor()
      const focused = () =>
        page.evaluate(() => {
          const active = document.activeElement
          return `${active?.tagName} ${active?.querySelector('caption')?.textContent ?? active?.textContent}`
        })
      expect(await focused()).toBe('H1 Blog Administration')
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Focus Where It Belongs')
      await editor(page).click()
      await page.keyboard.type('Saved, then listed.')
      await page.getByRole('button', { name: 'Save Post' }).click()
      await toast(page, 'Post created successfully')
      expect(await focused()).toBe('TABLE All posts')
      // The next post starts without complaints.
      await tab(page, 'Add Post').click()
      await editor(page).waitFor()
      expect(await page.locator('.field__error').count()).toBe(0)
      // Chosen by hand, the tab keeps the focus it was given.
      await tab(page, 'Tags').click()
      await tab(page, 'All Posts').click()
      expect(await focused()).toBe('BUTTON All Posts')
    }))
})

describe('saving a long post midway', () => {
  test('Ctrl+S saves a new post and the editor stays on it, cursor and all; the next Ctrl+S updates it', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Patch Notes, Part One')
      await editor(page).click()
      await page.keyboard.type('First half.')
      await page.keyboard.press('Control+s')
      await toast(page, 'Post created successfully')
      await page.getByRole('heading', { name: 'Edit Post' }).waitFor()
      expect(await focusIsInEditor(page)).toBe(true)
      await page.keyboard.type(' Second half.')
      expect(await page.locator('.post-form__state').textContent()).toBe('Unsaved changes')
      await page.getByRole('button', { name: 'Save and keep editing' }).click()
      await toast(page, 'Post updated successfully')
      await page.waitForFunction(() => document.querySelector('.post-form__state')?.textContent === '')
      expect(await editorHtml(page)).toBe('<p>First half. Second half.</p>')
      // Nothing new: a habitual Ctrl+S stores nothing and says so.
      await page.keyboard.press('Control+s')
      await toast(page, 'No changes since the last save')
      const [listed] = await api<PostSummary[]>('GET', '/api/blog/admin-summary')
      expect(listed?.title).toBe('Patch Notes, Part One')
      expect((await api<PostDetail>('GET', `/api/blog/${listed!.id}`)).content).toBe('<p>First half. Second half.</p>')
      // The spec's Update Post still goes back to the list.
      await page.getByRole('button', { name: 'Update Post' }).click()
      await page.locator('.admin-table').waitFor()
      await expectAccessible(page)
    }))
})

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
      const post = await saveNewPost(page, { publish: true })
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

  test('a pasted picture is uploaded, described in the dialog (its pasted alt text offered) and saved as a hosted figure', () =>
    withAdmin(async (page) => {
      const photo = (await cameraJpeg({ width: 640, height: 480 })).toString('base64')
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Pasted Booth')
      await editor(page).click()
      await paste(
        page,
        `<p>Our booth:</p><p><img src="data:image/jpeg;base64,${photo}" alt="The booth from above"></p>`,
      )
      const describe = page.getByRole('dialog', { name: 'Describe the pasted picture' })
      await describe.waitFor({ timeout: 30_000 })
      await page.waitForFunction(
        () => document.querySelector<HTMLTextAreaElement>('dialog[open] textarea')?.value === 'The booth from above',
      )
      await expectAccessible(page)
      await describe.getByLabel('Caption (optional)').fill('Day one')
      await describe.getByRole('button', { name: 'Save' }).click()
      const hosted = editor(page).locator('figure img[alt="The booth from above"]')
      await hosted.waitFor()
      expect(await hosted.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{24}-\d+\.webp$/)
      expect(await editor(page).locator('img[src^="data:"]').count()).toBe(0)
      const stored = (await saveNewPost(page)).content
      expect(stored).toMatch(
        /<figure><img src="\/media\/[0-9a-f]{24}-\d+\.webp" alt="The booth from above"[^>]*\/><figcaption>Day one<\/figcaption><\/figure>/,
      )
    }))
})

const STORED =
  '<aside class="callout callout--warning">Heads up: doors open at eight.</aside>' +
  '<p><a class="post-button" href="https://store.kindlewave.studio" rel="noopener noreferrer" target="_blank">Buy now</a></p>' +
  '<pre>\nconst doors = 8\nopen(doors)\n</pre><hr /><p>The end.</p>'

const BOOTHS = ['button-and-bean-800.webp', 'charity-stream-800.webp', 'promotion-blimp-800.webp'].map((name) =>
  join(import.meta.dir, '../../public/blog', name),
)
/** A hosted picture as stored: the server adds its sizes (srcset) to what the editor sends. */
const storedPicture = (alt: string) => `<img src="/media/[0-9a-f]{24}-\\d+\\.webp" alt="${alt}" srcset="[^"]+"[^>]*>`

describe('cards', () => {
  test('a toggle and a gallery of three uploads made in the editor round-trip: editor, save, page, reopen, save', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Booth Questions')
      const toolbar = page.getByRole('toolbar', { name: 'Content formatting' })
      await editor(page).click()
      await page.keyboard.type('When does it start?')
      await toolbar.getByRole('button', { name: 'Toggle', exact: true }).click()
      await page.keyboard.press('End')
      await page.keyboard.press('Enter')
      await page.keyboard.type('At eight.')
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await page.keyboard.type('Three booths.')
      await page.keyboard.press('Enter')
      // The last picture arrives first, the first one next, and the second only once the first dialog has
      // text in it: the dialogs still go in the order picked, and an upload ending meanwhile wipes nothing.
      const gates = [Promise.withResolvers<void>(), Promise.withResolvers<void>()]
      let uploads = 0
      await page.route('**/api/media', async (route) => {
        const gate = gates[uploads++]
        if (gate) await gate.promise
        await route.continue()
      })
      const chooser = page.waitForEvent('filechooser')
      await toolbar.getByRole('button', { name: 'Gallery', exact: true }).click()
      await (await chooser).setFiles(BOOTHS)
      const first = page.getByRole('dialog', { name: 'Describe picture 1 of 3 of the gallery' })
      await page.waitForFunction(() => document.querySelectorAll('.editor-uploads__item').length === 2)
      expect(await page.getByRole('dialog').count()).toBe(0)
      gates[0]!.resolve()
      await first.waitFor({ timeout: 30_000 })
      expect(await first.getByLabel('Caption (optional)').count()).toBe(0)
      await first.getByLabel('Alt text', { exact: true }).fill('Booth 1')
      gates[1]!.resolve()
      await page.waitForFunction(() => document.querySelectorAll('.editor-uploads__item').length === 0)
      expect(await first.getByLabel('Alt text', { exact: true }).inputValue()).toBe('Booth 1')
      await first.getByRole('button', { name: 'Save' }).click()
      for (const slot of [2, 3]) {
        const dialog = page.getByRole('dialog', { name: `Describe picture ${slot} of 3 of the gallery` })
        await dialog.waitFor()
        // The same dialog goes on to the next picture, its alt text empty and in focus.
        const alt = dialog.getByLabel('Alt text', { exact: true })
        expect(await alt.evaluate((field) => field === document.activeElement)).toBe(true)
        expect(await alt.inputValue()).toBe('')
        await page.keyboard.type(`Booth ${slot}`)
        await dialog.getByRole('button', { name: 'Save' }).click()
      }
      await page.unroute('**/api/media')
      await editor(page).locator('figure.post-gallery img').nth(2).waitFor()
      await shoot(page, 'toggle-gallery-editor-1280', { fullPage: false })
      await shootNarrow(page, 'toggle-gallery-editor-375')
      await expectAccessible(page)
      const created = await saveNewPost(page, { publish: true })
      const stored = created.content
      expect(stored).toMatch(
        new RegExp(
          '^<details><summary>When does it start\\?</summary><p>At eight\\.</p></details><p>Three booths\\.</p>' +
            `<figure class="post-gallery">${[1, 2, 3].map((slot) => storedPicture(`Booth ${slot}`)).join('')}</figure>$`,
        ),
      )

      await page.getByRole('button', { name: 'Edit "Booth Questions"' }).click()
      await toast(page, 'Post loaded successfully')
      expect(await page.getByText('cannot keep yet').count()).toBe(0)
      // A gallery picture's alt text is edited where it is, the rest of the gallery kept.
      await editor(page).locator('figure.post-gallery img').nth(1).click()
      const edit = page.getByRole('dialog', { name: 'Edit the picture' })
      await edit.getByLabel('Alt text', { exact: true }).fill('The charity stream stage')
      await edit.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      const updated = (await api<PostDetail>('GET', `/api/blog/${created.id}`)).content
      expect(updated).toBe(stored.replace('alt="Booth 2"', 'alt="The charity stream stage"'))

      await page.goto(`${url()}/blog/${created.slug}`)
      await waitForHydration(page)
      const content = page.locator('.post-content')
      const question = content.locator('summary', { hasText: 'When does it start?' })
      expect(await content.getByText('At eight.').isVisible()).toBe(false)
      await question.focus()
      await page.keyboard.press('Enter')
      await content.getByText('At eight.').waitFor()
      await content.getByRole('button', { name: 'Open picture 2 of 3: the charity stream stage' }).press('Enter')
      await page.getByRole('dialog', { name: 'Picture 2 of 3: The charity stream stage' }).waitFor()
      await expectAccessible(page)
    }))

  test('a table from the Table menu gains a row and a column, round-trips, and scrolls sideways on a phone', () =>
    withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Booth Prices')
      const toolbar = page.getByRole('toolbar', { name: 'Content formatting' })
      const tableMenu = async (action: string) => {
        await toolbar.getByRole('button', { name: 'Table', exact: true }).click()
        await toolbar.getByRole('button', { name: action, exact: true }).click()
      }
      await editor(page).click()
      await page.keyboard.type('Prices this year.')
      await tableMenu('Insert a table')
      const cells = editor(page).locator('td')
      expect(await cells.count()).toBe(9)
      // The line being written stays whole, above the table.
      expect(await editor(page).locator('p').first().textContent()).toBe('Prices this year.')
      const words = [
        'Item',
        'Price',
        'Notes',
        'Snow Globe Booth',
        '15,000',
        'Busy',
        'Ice Rink Booth',
        '22,000',
        'Quiet',
      ]
      for (const [n, word] of words.entries()) {
        await cells.nth(n).click()
        await page.keyboard.type(word)
      }
      await tableMenu('Add a row below')
      await tableMenu('Add a column to the right')
      expect(await cells.count()).toBe(16)
      await shoot(page, 'table-editor-1280', { fullPage: false })
      await shootNarrow(page, 'table-editor-375')
      await expectAccessible(page)
      const created = await saveNewPost(page, { publish: true })
      const stored = created.content
      expect(stored).toStartWith(
        '<p>Prices this year.</p><table tabindex="0"><tbody><tr><td>Item</td><td>Price</td><td>Notes</td><td></td></tr>',
      )
      expect(stored.match(/<tr>/g)?.length).toBe(4)
      expect(stored.match(/<td>/g)?.length).toBe(16)

      await page.getByRole('button', { name: 'Edit "Booth Prices"' }).click()
      await toast(page, 'Post loaded successfully')
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      expect((await api<PostDetail>('GET', `/api/blog/${created.id}`)).content).toBe(stored)

      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${url()}/blog/${created.slug}`)
      await waitForHydration(page)
      const table = page.locator('.post-content table')
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await expectAccessible(page)
    }))

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
      await shootNarrow(page, 'cards-editor-375')
      const created = await saveNewPost(page, { publish: true })
      expect(created.content).toBe(STORED)

      await page.getByRole('button', { name: 'Edit "Cards Everywhere"' }).click()
      await toast(page, 'Post loaded successfully')
      expect(await editor.locator('aside.callout--warning').count()).toBe(1)
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      expect((await api<PostDetail>('GET', `/api/blog/${created.id}`)).content).toBe(STORED)

      await page.goto(`${url()}/blog/${created.slug}`)
      await waitForHydration(page)
      const content = page.locator('.post-content')
      await content.locator('aside.callout--warning').waitFor()
      expect(await content.getByRole('link', { name: 'Buy now' }).getAttribute('class')).toBe('post-button')
      expect(await content.locator('pre').textContent()).toBe('const doors = 8\nopen(doors)\n')
      expect(await content.locator('hr').count()).toBe(1)
      await expectAccessible(page)
    }))
})

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

describe('the media library', () => {
  const upload = async (name: string, alt: string) => {
    const form = new FormData()
    form.append('file', Bun.file(join(import.meta.dir, '../../public/blog', name)), name)
    form.append('alt', alt)
    const res = await fetch(`${url()}/api/media`, {
      method: 'POST',
      headers: { origin: url(), cookie: cookie() },
      body: form,
    })
    expect(res.status).toBe(201)
    return (await res.json()) as MediaUpload
  }

  test('a picture uploaded before is found by its alt text and put in a post again, and another becomes its featured image', async () => {
    const crane = await upload('crane-booth-800.webp', 'The crane game booth at the plaza')
    const cart = await upload('golf-cart-800.webp', 'A golf cart in festival colours')
    await withAdmin(async (page) => {
      await tab(page, 'Add Post').click()
      await page.getByLabel('Title', { exact: true }).fill('Library Picks')
      await editor(page).click()
      await page.keyboard.type('From the archive.')
      await page.keyboard.press('Enter')
      await page
        .getByRole('toolbar', { name: 'Content formatting' })
        .getByRole('button', { name: 'Media library' })
        .click()
      const library = page.getByRole('dialog', { name: 'Insert a picture from the media library' })
      await library.getByRole('button', { name: /crane-booth-800\.webp/ }).waitFor()
      await expectAccessible(page)
      await shoot(page, 'media-library-1280', { fullPage: false })
      await library.getByLabel('Search by file name or alt text').fill('PLAZA crane')
      await library.getByText('1 picture', { exact: true }).waitFor()
      await library.getByRole('button', { name: /crane-booth-800\.webp/ }).click()
      const describe = page.getByRole('dialog', { name: 'Describe the new picture' })
      // The upload's own alt text is offered, to keep or change.
      await describe.getByLabel('Alt text', { exact: true }).waitFor()
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLTextAreaElement>('dialog[open] textarea')?.value ===
          'The crane game booth at the plaza',
      )
      await describe.getByRole('button', { name: 'Save' }).click()
      await editor(page).locator('figure img[alt="The crane game booth at the plaza"]').waitFor()

      await page.getByRole('button', { name: 'Choose from library' }).first().click()
      const featured = page.getByRole('dialog', { name: 'Choose the featured image' })
      await featured.getByLabel('Search by file name or alt text').fill('nothing like this')
      await featured.getByText('No pictures match “nothing like this”.').waitFor()
      await featured.getByLabel('Search by file name or alt text').fill('golf')
      await featured.getByRole('button', { name: /golf-cart-800\.webp/ }).click()
      expect(await page.getByLabel('Featured Image URL').inputValue()).toBe(cart.url)

      await page.getByRole('button', { name: 'Save Post' }).click()
      await toast(page, 'Post created successfully')
      const created = (await api<PostSummary[]>('GET', '/api/blog/admin-summary')).find(
        (post) => post.title === 'Library Picks',
      )!
      const post = await api<PostDetail>('GET', `/api/blog/${created.id}`)
      expect(post.featuredImage).toBe(cart.url)
      expect(post.content).toContain(`alt="The crane game booth at the plaza"`)
      expect(post.content).toContain(crane.variants[0]!.url.replace(/-\d+\.webp$/, ''))
    })
  })
})
