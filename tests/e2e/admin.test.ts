import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { jobs } from '../../src/content/jobs'
import { seedPosts } from '../../src/content/seed-posts'
import { expectAccessible, launchBrowser, openPage, type TrackedPage, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

const PASSWORD = 'e2e-admin-password-456'
let server: RunningServer
let browser: Browser
let admin: TrackedPage

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD: PASSWORD }), launchBrowser()])
})
afterAll(async () => {
  await admin?.close()
  await browser?.close()
  await server?.stop()
})

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.toast').filter({ hasText: text }).first().waitFor({ timeout: 8000 })
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })

describe('signing in', () => {
  test('the admin screen sends visitors without a session to the login page', async () => {
    const { page, close } = await openPage(browser)
    await page.goto(`${server.url}/admin/blog`)
    await page.waitForURL(`${server.url}/admin/login`)
    await close()
  })

  test('a blank or wrong password is refused; the right one lands on the administration', async () => {
    admin = await openPage(browser)
    const { page, problems } = admin
    await page.goto(`${server.url}/admin/login`)
    await waitForHydration(page)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByText('Password is required').waitFor()

    await page.getByLabel('Admin Password').fill('not-it')
    await page.getByRole('button', { name: 'Login' }).click()
    await toast(page, 'Login failed')
    await toast(page, 'Invalid admin password')

    await page.getByLabel('Admin Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await toast(page, 'You are now logged in as admin')
    await page.waitForURL(`${server.url}/admin/blog`)
    await page.getByRole('heading', { level: 1, name: 'Blog Administration' }).waitFor()
    await page.locator('.admin-table').waitFor()
    await expectAccessible(page)
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([])
  })
})

describe('managing content', () => {
  const title = 'Fountain Races Are Here'

  test('tags: create one', async () => {
    const { page } = admin
    await tab(page, 'Tags').click()
    await page.getByRole('heading', { name: 'Manage Tags' }).waitFor()
    await page.getByText('Updates').first().waitFor()
    await expectAccessible(page)
    await page.getByLabel('Tag Name').fill('Fountain Events')
    await page.getByRole('button', { name: 'Add Tag' }).click()
    await toast(page, 'Tag created successfully')
    await page.locator('.tag-list__item').filter({ hasText: 'Fountain Events' }).waitFor()
  })

  test('create a post in Quill with a heading, bold text, a list, links and a tag, and publish it', async () => {
    const { page } = admin
    await tab(page, 'Add Post').click()
    await page.getByRole('heading', { name: 'Add New Post' }).waitFor()
    await page.getByLabel('Title').fill(title)
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe('fountain-races-are-here')
    await page.getByLabel('Excerpt').fill('Race the fountain rapids for prizes.')

    const editor = page.locator('.ql-editor')
    await editor.waitFor()
    await expectAccessible(page)
    await editor.click()
    await page.keyboard.type('Start your engines')
    await page.locator('.ql-header .ql-picker-label').click()
    await page.locator('.ql-header .ql-picker-item[data-value="2"]').click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('Races start at noon.')
    await page.keyboard.press('Control+b')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Lap one')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Lap two')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Rules here')
    const addLink = async (text: string, url: string) => {
      await page.keyboard.press('Shift+Home')
      await page.locator('.ql-link').click()
      const input = page.locator('.ql-tooltip input[data-link]')
      await input.fill(url)
      await input.press('Enter')
      await page.keyboard.press('End')
      expect(text.length).toBeGreaterThan(0)
    }
    await addLink('Rules here', 'https://example.com/rules')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Sneaky link')
    await addLink('Sneaky link', 'javascript:alert(1)')

    await page.getByRole('checkbox', { name: 'Fountain Events' }).check()
    await page.getByLabel('Status').selectOption('published')
    await page.getByRole('button', { name: 'Save Post' }).click()
    await toast(page, 'Post created successfully')
    await expect(tab(page, 'All Posts').getAttribute('aria-selected')).resolves.toBe('true')
    await page.getByRole('rowheader', { name: title }).waitFor()
  })

  test('the published post is on the blog with its content, and the javascript: link was blanked', async () => {
    const { page, close } = await openPage(browser)
    await page.goto(`${server.url}/blog`)
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .waitFor()
    await page.goto(`${server.url}/blog/fountain-races-are-here`)
    const content = page.locator('.post-content')
    await expect(content.locator('h2').textContent()).resolves.toBe('Start your engines')
    await expect(content.locator('strong').textContent()).resolves.toBe('Races start at noon.')
    await expect(content.locator('ul li').allTextContents()).resolves.toEqual(['Lap one', 'Lap two'])
    await expect(content.locator('a', { hasText: 'Rules here' }).getAttribute('href')).resolves.toBe(
      'https://example.com/rules',
    )
    const sneaky = await content.locator('a', { hasText: 'Sneaky link' }).getAttribute('href')
    expect(sneaky ?? '').not.toContain('javascript')
    await expect(page.locator('.post__tags').textContent()).resolves.toContain('Fountain Events')
    await close()
  })

  test('edit the post: overlay, Ready to edit, new title, Update Post, visible publicly', async () => {
    const { page } = admin
    await page.getByRole('button', { name: `Edit "${title}"` }).click()
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor()
    await page.getByText('Loading blog content...').waitFor()
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title)
    await toast(page, 'Ready to edit')
    await expect(page.locator('.ql-editor h2').textContent()).resolves.toBe('Start your engines')
    await expect(page.getByRole('checkbox', { name: 'Fountain Events' }).isChecked()).resolves.toBe(true)
    await page.screenshot({ path: '/tmp/admin-edit.png', fullPage: true })
    await page.getByLabel('Title').fill('Fountain Races Are Back')
    await page.getByRole('button', { name: 'Update Post' }).click()
    await toast(page, 'Post updated successfully')
    await page.getByRole('rowheader', { name: 'Fountain Races Are Back' }).waitFor()

    const res = await fetch(`${server.url}/blog/fountain-races-are-here`)
    expect(await res.text()).toContain('<title>Fountain Races Are Back | Blog</title>')
  })

  test('a seeded post with a self-hosted video keeps it through an edit in Quill', async () => {
    const { page } = admin
    const concert = seedPosts.find((post) => post.content.includes('<video'))!
    await page.getByRole('button', { name: `Edit "${concert.title}"` }).click()
    await toast(page, 'Ready to edit')
    await expect(page.getByText('that the editor cannot keep').count()).resolves.toBe(0)
    await expect(page.locator('.ql-editor video source').getAttribute('src')).resolves.toBe(
      '/blog/paper-comets-teaser.mp4',
    )
    await page.getByRole('button', { name: 'Update Post' }).click()
    await toast(page, 'Post updated successfully')

    const html = await (await fetch(`${server.url}/blog/${concert.slug}`)).text()
    expect(html).toMatch(
      /<video[^>]*poster="\/blog\/paper-comets-teaser-poster.webp"[^>]*><source src="\/blog\/paper-comets-teaser.mp4" type="video\/mp4"\s*\/?><\/video>/,
    )
  })

  test('delete the post through the confirmation dialog', async () => {
    const { page } = admin
    await page.getByRole('button', { name: 'Delete "Fountain Races Are Back"' }).click()
    const dialog = page.getByRole('dialog')
    await dialog
      .getByText('Are you sure you want to delete the post "Fountain Races Are Back"? This cannot be undone.')
      .waitFor()
    await expectAccessible(page)
    await page.screenshot({ path: '/tmp/admin-dialog.png' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Post "Fountain Races Are Back" deleted successfully')
    await page.getByRole('rowheader', { name: 'Fountain Races Are Back' }).waitFor({ state: 'detached' })
    expect((await fetch(`${server.url}/blog/fountain-races-are-here`)).status).toBe(404)
  })

  test('delete the tag through the confirmation dialog', async () => {
    const { page } = admin
    await tab(page, 'Tags').click()
    await page.getByRole('button', { name: 'Delete tag "Fountain Events"' }).click()
    await page
      .getByRole('dialog')
      .getByText('Are you sure you want to delete the tag "Fountain Events"? This cannot be undone.')
      .waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Tag "Fountain Events" deleted successfully')
    await page.locator('.tag-list__item').filter({ hasText: 'Fountain Events' }).waitFor({ state: 'detached' })
  })

  test('an application sent from a job page appears in the Applications tab', async () => {
    const job = jobs.find((j) => j.status === 'active')!
    const res = await fetch(`${server.url}/api/job-applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        jobId: job.id,
        fullName: 'Katherine Johnson',
        email: 'kj@example.com',
        coverLetter: 'Orbits.',
        resumeText: 'Trajectories.',
        portfolioUrl: 'https://kj.example.com',
      }),
    })
    expect(res.status).toBe(201)
    const { page, problems } = admin
    await tab(page, 'Applications').click()
    await page.getByRole('rowheader', { name: 'Katherine Johnson' }).waitFor()
    await page.getByRole('button', { name: 'View' }).first().click()
    const link = page.getByRole('link', { name: 'https://kj.example.com' })
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer')
    await expect(link.getAttribute('target')).resolves.toBe('_blank')
    await expectAccessible(page)
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([])
  })
})
