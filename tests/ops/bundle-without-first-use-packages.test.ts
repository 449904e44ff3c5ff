import { afterAll, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { packagesLeftOutOfTheBundle } from '../../scripts/first-use-packages'
import { SITE_FEED_PATH } from '../../src/shared/paths'
import { assertFreshBundle, startServer } from '../e2e/support/server'
import { copySeededDatabase } from '../support/template-database'

const ROOT = join(import.meta.dir, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'bundle-without-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** node_modules as the repository's, links to each package but those the bundle leaves out. */
function nodeModulesWithout(left: string[]) {
  const from = join(ROOT, 'node_modules')
  const to = join(dir, 'node_modules')
  mkdirSync(to)
  for (const entry of readdirSync(from)) {
    if (entry.startsWith('.')) continue
    if (!entry.startsWith('@')) {
      if (!left.includes(entry)) symlinkSync(join(from, entry), join(to, entry))
      continue
    }
    mkdirSync(join(to, entry))
    for (const name of readdirSync(join(from, entry)))
      if (!left.includes(`${entry}/${name}`)) symlinkSync(join(from, entry, name), join(to, entry, name))
  }
}

/**
 * The server bundle (`bun run build`) beside a node_modules without the packages it leaves out for their first
 * use (scripts/first-use-packages.ts, decision 0047): a module of the bundle that the start or the first pages
 * evaluate and that needs one, by any path the architecture test's walk of static imports might miss, fails
 * here. (A linked package is found at its real path, whose node_modules has them all: this checks the bundle's
 * own code, not a package the bundle loads.)
 */
test('the bundled server starts and serves its pages without the packages the first request does not need', async () => {
  assertFreshBundle()
  const left = packagesLeftOutOfTheBundle()
  nodeModulesWithout(left)
  mkdirSync(join(dir, 'dist', 'server'), { recursive: true })
  for (const file of ['main.js', 'main.js.jsc'])
    copyFileSync(join(ROOT, 'dist', 'server', file), join(dir, 'dist', 'server', file))
  // None of them can be found from the bundle's folder.
  const found = left.filter((name) => {
    try {
      return Boolean(Bun.resolveSync(name, join(dir, 'dist', 'server')))
    } catch {
      return false
    }
  })
  expect(found).toEqual([])
  await copySeededDatabase(join(dir, 'site.db'), Date.now())
  const server = await startServer(
    {
      NODE_ENV: 'production',
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      ADMIN_PASSWORD: 'a password for the bundle test',
      // Render threads run from source, which has node_modules of its own: pages render in this process.
      RENDER_THREADS: '0',
    },
    { bundle: join(dir, 'dist', 'server', 'main.js') },
  )
  try {
    const origin = server.url
    expect(server.process.exitCode).toBeNull()
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
    const post = new URL(/<loc>([^<]+\/blog\/[\w-]+)<\/loc>/.exec(sitemap)![1]!).pathname
    const statuses: Record<string, number> = {}
    // The search is what a production start's warm-up asks for first.
    const paths = ['/', '/blog', '/blog?q=studio', post, '/jobs', '/rdc25', '/admin/login', '/sitemap.xml', '/healthz']
    for (const path of paths) statuses[path] = (await fetch(`${origin}${path}`)).status
    expect(statuses).toEqual({
      '/': 200,
      '/blog': 200,
      '/blog?q=studio': 200,
      [post]: 200,
      '/jobs': 200,
      '/rdc25': 200,
      '/admin/login': 200,
      '/sitemap.xml': 200,
      '/healthz': 200,
    })
    // And the packages really are missing: the feed, which sanitises posts with one of them, cannot be made.
    expect((await fetch(`${origin}${SITE_FEED_PATH}`)).status).toBe(500)
    await Bun.sleep(100)
    expect(server.output()).toContain("Cannot find module 'sanitize-html'")
    expect(server.process.exitCode).toBeNull()
  } catch (error) {
    if (error instanceof Error) error.message += `\nthe server's output:\n${server.output()}`
    throw error
  } finally {
    await server.stop()
  }
})
