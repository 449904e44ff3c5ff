import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

const PASSWORD = 'Kindle-Preview-Secret-42'
const HINT = 'The studio name, dash, Preview, dash, Secret, dash, the answer'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ PREVIEW_PASSWORD: PASSWORD, PREVIEW_PASSWORD_HINT: HINT }),
    sharedBrowser(),
  ])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

test('neither the page nor any script it loads contains the password', async () => {
  const html = await (await fetch(`${server.url}/blog-preview`)).text()
  expect(html).not.toContain(PASSWORD)
  expect(html).toContain('<meta name="robots" content="noindex"/>')
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  expect(scripts.length).toBeGreaterThan(1)
  for (const script of scripts) expect(await (await fetch(`${server.url}${script}`)).text()).not.toContain(PASSWORD)
  expect(await (await fetch(`${server.url}/api/previewer/gate`)).text()).not.toContain(PASSWORD)
})

describe('the previewer', () => {
  test('locks, unlocks for the session, keeps drafts, isolates pasted HTML and exports a valid .ts file', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'preview-download-'))
    const { page, problems, close } = await openPage(browser, {
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    })
    page.setDefaultTimeout(8000)
    await page.goto(`${server.url}/blog-preview`)
    await waitForHydration(page)
    await page.getByRole('heading', { name: 'Blog Previewer' }).waitFor()
    await expectAccessible(page)

    await page.getByLabel('Password').fill('wrong guess')
    await page.getByRole('button', { name: 'Unlock' }).click()
    await page.getByRole('alert').getByText('Incorrect password!').waitFor()
    await page.getByText(HINT).waitFor()

    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Unlock' }).click()
    await page.getByRole('button', { name: 'Download .ts File' }).waitFor()
    await expectAccessible(page, { frames: false })

    await page.reload()
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Download .ts File' }).waitFor()

    // The title is needed before exporting.
    await page.getByRole('button', { name: 'Download .ts File' }).click()
    await page.locator('.toast').filter({ hasText: 'Please enter a blog title first!' }).waitFor()

    await page.getByLabel('Title *').fill('Crane Booth Tips')
    await page.getByLabel('HTML').fill('<p>Intro</p>')
    await page.getByRole('button', { name: 'Lists', exact: true }).click()
    await page.getByRole('button', { name: 'Insert Bullet list' }).click()
    expect(await page.getByLabel('HTML').inputValue()).toBe(
      '<p>Intro</p>\n\n<ul>\n  <li>First point</li>\n  <li>Second point</li>\n  <li>Third point</li>\n</ul>',
    )
    const frame = page.frameLocator('iframe[title="Live preview"]')
    await frame.locator('.post-content li').nth(2).waitFor()
    expect(await frame.locator('.post__title').textContent()).toBe('Crane Booth Tips')

    // Pasted script does not run, neither in the frame nor on the page.
    await page
      .getByLabel('HTML')
      .fill('<p>x</p><img src=x onerror="parent.__xss=1;alert(1)"><script>parent.__xss=1;alert(2)</script>')
    const dialogs: string[] = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    await frame.locator('.post-content p').filter({ hasText: 'x' }).waitFor()
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(await page.locator('iframe[title="Live preview"]').getAttribute('sandbox')).toBe('')

    await page.getByLabel('HTML').fill('<h2>Tips</h2>\n<p>Place it near the fountain.</p>')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .ts File' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('crane-booth-tips.ts')
    const file = join(downloads, download.suggestedFilename())
    await download.saveAs(file)
    const tsc = Bun.spawnSync(['bun', 'x', 'tsc', '--noEmit', '--strict', '--ignoreConfig', file], {
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe('')
    const post = (await import(file)).default
    expect(post).toMatchObject({
      title: 'Crane Booth Tips',
      slug: 'crane-booth-tips',
      excerpt: 'Crane Booth Tips',
      status: 'published',
      authorId: 1,
      additionalImages: null,
      featured: false,
    })
    expect(post.content).toBe('<h2>Tips</h2>\n<p>Place it near the fountain.</p>')
    expect(readFileSync(file, 'utf8')).toContain('export interface BlogPost')

    await page.getByRole('button', { name: 'Copy HTML' }).click()
    await page.locator('.toast').filter({ hasText: 'HTML content copied to clipboard!' }).waitFor()

    // The draft survives a reload.
    await page.waitForTimeout(400)
    await page.reload()
    await waitForHydration(page)
    expect(await page.getByLabel('Title *').inputValue()).toBe('Crane Booth Tips')
    expect(await page.getByLabel('HTML').inputValue()).toBe('<h2>Tips</h2>\n<p>Place it near the fountain.</p>')
    // The sandbox refusing the pasted script and the broken image URL are the expected outcome.
    expect(
      problems.filter((p) => !p.includes('/x)') && !p.includes("the 'allow-scripts' permission is not set")),
    ).toEqual([])
    await close()
    rmSync(downloads, { recursive: true, force: true })
  })

  test('a new browser context starts locked', async () => {
    const { page, close } = await openPage(browser)
    await page.goto(`${server.url}/blog-preview`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Unlock' }).waitFor()
    expect(await page.getByRole('button', { name: 'Download .ts File' }).count()).toBe(0)
    await close()
  })
})
