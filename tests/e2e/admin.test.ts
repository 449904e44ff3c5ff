import { describe, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { jobs } from '../../src/content/jobs'
import { seedPosts } from '../../src/content/seed-posts'
import type { PostDetail, TagRef } from '../../src/shared/blog'
import { webhookReceiver } from '../support/webhook-receiver'
import { ADMIN_PASSWORD, adminJourneys, tab, toast } from './support/admin'
import { expectAccessible, shoot, waitForHydration } from './support/browser'

const { url, api, withPage, withAdmin } = adminJourneys()
const PASSWORD = ADMIN_PASSWORD

const createTag = (name: string) => api<TagRef>('POST', '/api/tags', { name, slug: '' })
const createPost = (title: string, over: Record<string, unknown> = {}) =>
  api<PostDetail>('POST', '/api/blog', { title, content: '<p>Body</p>', status: 'published', ...over })

describe('signing in', () => {
  test('the admin screen sends visitors without a session to the login page', () =>
    withPage(async ({ page }) => {
      await page.goto(`${url()}/admin/blog`)
      await page.waitForURL(`${url()}/admin/login`)
    }))

  test('a blank or wrong password is refused; the right one lands on the administration', () =>
    withPage(
      async ({ page }) => {
        await page.goto(`${url()}/admin/login`)
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
        await page.waitForURL(`${url()}/admin/blog`)
        await page.getByRole('heading', { level: 1, name: 'Blog Administration' }).waitFor()
        await page.locator('.admin-table').waitFor()
        await expectAccessible(page)
      },
      { allowed: /status of 401/ },
    ))
})

describe('managing content', () => {
  test('tags: create one from the Tags tab', () =>
    withAdmin(async (page) => {
      await tab(page, 'Tags').click()
      await page.getByRole('heading', { name: 'Manage Tags' }).waitFor()
      await page.getByText('Updates').first().waitFor()
      await expectAccessible(page)
      await page.getByLabel('Tag Name').fill('Kite Festival')
      await page.getByRole('button', { name: 'Add Tag' }).click()
      await toast(page, 'Tag created successfully')
      await page.locator('.tag-list__item').filter({ hasText: 'Kite Festival' }).waitFor()
    }))

  test('a post written in Quill with a heading, bold text, a list, links and a tag is published as written', async () => {
    await createTag('Fountain Events')
    await withAdmin(async (page) => {
      const title = 'Fountain Races Are Here'
      await tab(page, 'Add Post').click()
      await page.getByRole('heading', { name: 'Add New Post' }).waitFor()
      await page.getByLabel('Title', { exact: true }).fill(title)
      expect(await page.getByLabel('Slug').inputValue()).toBe('fountain-races-are-here')
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
      const typeLink = async (text: string, url: string) => {
        await page.keyboard.type(text)
        await page.keyboard.press('Shift+Home')
        await page.locator('.ql-link').click()
        const input = page.locator('.ql-tooltip input[data-link]')
        await input.fill(url)
        await input.press('Enter')
        await page.keyboard.press('End')
      }
      await typeLink('Rules here', 'https://example.com/rules')
      await page.keyboard.press('Enter')
      await typeLink('Sneaky link', 'javascript:alert(1)')

      await page.getByRole('checkbox', { name: 'Fountain Events' }).check()
      await page.getByLabel('Status').selectOption('published')
      await page.getByRole('button', { name: 'Save Post' }).click()
      await toast(page, 'Post created successfully')
      expect(await tab(page, 'All Posts').getAttribute('aria-selected')).toBe('true')
      await page.getByRole('rowheader', { name: title }).waitFor()

      await withPage(async ({ page: visitor }) => {
        await visitor.goto(`${url()}/blog`)
        await visitor
          .getByRole('link', { name: new RegExp(title) })
          .first()
          .waitFor()
        await visitor.goto(`${url()}/blog/fountain-races-are-here`)
        const content = visitor.locator('.post-content')
        expect(await content.locator('h2').textContent()).toBe('Start your engines')
        expect(await content.locator('strong').textContent()).toBe('Races start at noon.')
        expect(await content.locator('ul li').allTextContents()).toEqual(['Lap one', 'Lap two'])
        expect(await content.locator('a', { hasText: 'Rules here' }).getAttribute('href')).toBe(
          'https://example.com/rules',
        )
        const sneaky = await content.locator('a', { hasText: 'Sneaky link' }).getAttribute('href')
        expect(sneaky ?? '').not.toContain('javascript')
        expect(await visitor.locator('.post__tags').textContent()).toContain('Fountain Events')
      })
    })
  })

  test('editing a post: overlay, Ready to edit, new title, Update Post, visible publicly', async () => {
    const tag = await createTag('Regatta')
    await createPost('Boat Regatta Returns', {
      slug: 'boat-regatta-returns',
      content: '<h2>Set sail</h2><p>Boats.</p>',
      tags: [tag.id],
    })
    await withAdmin(async (page) => {
      // The overlay stays only until the post has loaded (and 200 ms more): on a busy machine a wait started
      // after the click may begin once it has gone, so the page watches for it from before the click.
      type Watched = { overlaySeen: Promise<string | null> }
      await page.evaluate(() => {
        ;(window as unknown as Watched).overlaySeen = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            const overlay = document.querySelector('.post-form__overlay[role="status"]')
            if (!overlay) return
            observer.disconnect()
            resolve(overlay.textContent)
          })
          observer.observe(document.body, { childList: true, subtree: true })
          setTimeout(() => resolve(null), 10_000)
        })
      })
      await page.getByRole('button', { name: 'Edit "Boat Regatta Returns"' }).click()
      await page.getByRole('heading', { name: 'Edit Post' }).waitFor()
      expect(await page.evaluate(() => (window as unknown as Watched).overlaySeen)).toContain('Loading blog content...')
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Boat Regatta Returns')
      await toast(page, 'Ready to edit')
      expect(await page.locator('.ql-editor h2').textContent()).toBe('Set sail')
      expect(await page.getByRole('checkbox', { name: 'Regatta' }).isChecked()).toBe(true)
      await page.getByLabel('Title', { exact: true }).fill('Boat Regatta Is Back')
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')
      await page.getByRole('rowheader', { name: 'Boat Regatta Is Back' }).waitFor()

      const res = await fetch(`${url()}/blog/boat-regatta-returns`)
      expect(await res.text()).toContain('<title>Boat Regatta Is Back | Blog</title>')
    })
  })

  test('a seeded post with a self-hosted video keeps it through an edit in Quill', () =>
    withAdmin(async (page) => {
      const concert = seedPosts.find((post) => post.content.includes('<video'))!
      await page.getByRole('button', { name: `Edit "${concert.title}"` }).click()
      await toast(page, 'Ready to edit')
      expect(await page.getByText('that the editor cannot keep').count()).toBe(0)
      expect(await page.locator('.ql-editor video source').getAttribute('src')).toBe('/blog/paper-comets-teaser.mp4')
      await page.getByRole('button', { name: 'Update Post' }).click()
      await toast(page, 'Post updated successfully')

      const html = await (await fetch(`${url()}/blog/${concert.slug}`)).text()
      expect(html).toMatch(
        /<video[^>]*poster="\/blog\/paper-comets-teaser-poster.webp"[^>]*><source src="\/blog\/paper-comets-teaser.mp4" type="video\/mp4"\s*\/?><\/video>/,
      )
    }))

  test('deleting a post through the confirmation dialog takes it off the blog', async () => {
    await createPost('Snow Day Closure', { slug: 'snow-day-closure' })
    await withAdmin(async (page) => {
      await page.getByRole('button', { name: 'Delete "Snow Day Closure"' }).click()
      const dialog = page.getByRole('dialog')
      await dialog
        .getByText('Are you sure you want to delete the post "Snow Day Closure"? This cannot be undone.')
        .waitFor()
      await expectAccessible(page)
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await toast(page, 'Post "Snow Day Closure" deleted successfully')
      await page.getByRole('rowheader', { name: 'Snow Day Closure' }).waitFor({ state: 'detached' })
      expect((await fetch(`${url()}/blog/snow-day-closure`)).status).toBe(404)
    })
  })

  test('deleting a tag through the confirmation dialog', () =>
    withAdmin(async (page) => {
      await createTag('Lantern Night')
      await tab(page, 'Tags').click()
      await page.getByRole('button', { name: 'Delete tag "Lantern Night"' }).click()
      await page
        .getByRole('dialog')
        .getByText('Are you sure you want to delete the tag "Lantern Night"? This cannot be undone.')
        .waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await toast(page, 'Tag "Lantern Night" deleted successfully')
      await page.locator('.tag-list__item').filter({ hasText: 'Lantern Night' }).waitFor({ state: 'detached' })
    }))

  test('an application sent from a job page appears in the Applications tab', () =>
    withAdmin(async (page) => {
      const job = jobs.find((j) => j.status === 'active')!
      const res = await fetch(`${url()}/api/job-applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url() },
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
      await tab(page, 'Applications').click()
      await page.getByRole('rowheader', { name: /Katherine Johnson/ }).waitFor()
      await page.getByRole('button', { name: /Open the application of Katherine Johnson/ }).click()
      const link = page.getByRole('link', { name: 'https://kj.example.com' })
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
      expect(await link.getAttribute('target')).toBe('_blank')
      await expectAccessible(page)
    }))

  test('webhooks: a private target is refused until the owner allows it; a test event is signed, delivered and logged', () =>
    withAdmin(
      async (page) => {
        const receiver = webhookReceiver([], 204)
        try {
          await tab(page, 'Settings').click()
          await page.getByText('No webhook yet.').waitFor()
          const form = page.getByRole('form', { name: 'Add a webhook' })
          await form.getByLabel('Address').fill(receiver.url)
          await form.getByLabel('Kind').selectOption('standard')
          await form.getByRole('button', { name: 'Add webhook' }).click()
          await page
            .getByRole('alert')
            .getByText(/loopback or private network address/)
            .waitFor()
          await page.getByRole('checkbox', { name: /Allow webhooks to this server's own network/ }).check()
          await toast(page, 'Settings saved')
          await form.getByRole('button', { name: 'Add webhook' }).click()
          const secret = (await page.locator('.webhook-form__secret code').textContent())!
          expect(secret).toMatch(/^whsec_/)
          await expectAccessible(page)
          await page.getByRole('button', { name: /^Send a test event/ }).click()
          // A post published by an earlier test may be announced to the new hook too: the test event is the one.
          const test = page.locator('.webhook-deliveries tr', { hasText: 'webhook.test' })
          await test.getByText('delivered').waitFor({ timeout: 20_000 })
          await test.getByText(/^204/).waitFor()
          const events = receiver.received.map(
            (sent) => new Webhook(secret).verify(sent.body, sent.headers) as { type: string },
          )
          expect(events.map((event) => event.type)).toContain('webhook.test')
          await expectAccessible(page)
          await shoot(page, 'webhooks')
        } finally {
          receiver.stop()
        }
      },
      { allowed: /status of 400/ },
    ))

  test("the site details: a wrong link is refused beside its field; saved, the footer and the blog's Follow block show them", () =>
    withAdmin(async (page) => {
      await tab(page, 'Settings').click()
      const form = page.getByRole('form', { name: 'Site details' })
      await form.getByLabel('Discord invite').fill('discord.gg/kindlewave')
      await form.getByRole('button', { name: 'Save Site Details' }).click()
      await form.getByText('Discord invite must be a web address starting with https://').waitFor()
      expect(await form.getByLabel('Discord invite').evaluate((input) => input === document.activeElement)).toBe(true)
      await expectAccessible(page)
      await form.getByLabel('Discord invite').fill('https://discord.gg/kindlewave')
      await form.getByLabel('Photo profile').fill('')
      await form.getByLabel('Store link text').fill('Merch')
      await form.getByRole('button', { name: 'Save Site Details' }).click()
      await toast(page, 'Site details saved')
      await shoot(page, 'settings-links')

      await page.goto(`${url()}/blog`)
      await waitForHydration(page)
      const connect = page.getByRole('navigation', { name: 'Connect' })
      await connect.getByRole('link', { name: /^Discord/ }).waitFor()
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Merch/ })
        .waitFor()
      expect(await connect.getByRole('link', { name: /Photo profile/ }).count()).toBe(0)
      const follow = page.getByRole('complementary', { name: /^Follow/ })
      expect(await follow.getByRole('link', { name: /our Discord/ }).getAttribute('href')).toBe(
        'https://discord.gg/kindlewave',
      )
      await expectAccessible(page)
      await shoot(page, 'follow-with-discord')
    }))

  // Last in the file: the tests above use the launch posts.
  test('sample content: listed in Settings, removed after a confirmation, the studio’s own writing kept', () =>
    withAdmin(async (page) => {
      const own = await createPost('Our Own Launch Notes')
      const listed = (await (await page.request.get(`${url()}/api/admin/sample-content`)).json()) as {
        posts: { id: number }[]
      }
      await tab(page, 'Settings').click()
      const panel = page.getByRole('region', { name: 'Sample content' })
      await panel.getByRole('heading', { name: /^Posts \(\d+\)$/ }).waitFor()
      await panel.getByText(seedPosts[0]!.title).waitFor()
      await expectAccessible(page)
      await shoot(page, 'settings-sample-content')
      await panel.getByRole('button', { name: 'Remove sample content' }).click()
      const dialog = page.getByRole('dialog', { name: 'Remove sample content' })
      await dialog.getByText(/^Remove \d+ sample posts, \d+ jobs? and \d+ tags?\? This cannot be undone\.$/).waitFor()
      await dialog.getByRole('button', { name: 'Remove' }).click()
      await toast(page, /Removed \d+ sample posts/)
      await panel.getByText('No sample content is left').waitFor()
      expect(
        await panel.getByRole('heading', { name: 'Sample content' }).evaluate((h) => h === document.activeElement),
      ).toBe(true)
      await expectAccessible(page)

      const blog = (await (await fetch(`${url()}/api/blog?limit=100`)).json()) as { posts: { id: number }[] }
      const left = blog.posts.map((post) => post.id)
      expect(listed.posts.filter((post) => left.includes(post.id))).toEqual([])
      // What the studio wrote stays.
      expect(left).toContain(own.id)
    }))
})
