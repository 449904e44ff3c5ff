import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import vnuJar from 'vnu-jar'
import { seedPosts } from '../../src/content/seed-posts'
import { BLOG_PAGE_SIZE } from '../../src/shared/blog'
import {
  subscribeConfirmPath,
  subscribeOutcomePath,
  subscriberPreferencesPath,
  unsubscribePath,
} from '../../src/shared/newsletter'
import { authorPath, blogPagePath, blogSearchPath, jobPath, PAGES, postPath, tagPath } from '../../src/shared/paths'
import { slugify } from '../../src/shared/slug'
import { openSeedJobs } from '../support/jobs'
import { type RunningServer, startServer } from './support/server'

/**
 * The W3C Nu Html Checker on the server HTML (what a visitor without JavaScript and a crawler get) of every
 * public page: all pages checked in one run, as the checker's JVM takes seconds to start.
 */
const PAGES_CHECKED: [name: string, path: string, status: number][] = [
  ['home', PAGES.home, 200],
  ['event', PAGES.event, 200],
  ['blog', PAGES.blog, 200],
  ['blog-search', blogSearchPath('plush'), 200],
  ['blog-page-2', blogPagePath(2), 200],
  ['post', postPath(seedPosts[0]!.slug), 200],
  ['tag', tagPath(slugify(seedPosts[0]!.tags[0]!)), 200],
  // The owner wrote the launch posts (migration 0019 names them by the studio).
  ['author', authorPath('kindlewave'), 200],
  ['jobs', PAGES.jobs, 200],
  ['job', jobPath(openSeedJobs()[0]!.slug), 200],
  ['privacy', PAGES.privacy, 200],
  ['subscribe', subscribeOutcomePath('sent'), 200],
  ['subscribe-confirm', subscribeConfirmPath('a-token'), 200],
  ['subscriber-preferences', subscriberPreferencesPath('a-key'), 200],
  ['unsubscribe', unsubscribePath('a-key'), 200],
  ['blog-preview', PAGES.previewer, 200],
  ['admin-login', PAGES.adminLogin, 200],
  ['password-reset', PAGES.passwordReset, 200],
  ['not-found', '/nope', 404],
]

interface Message {
  type: string
  url: string
  lastLine?: number
  lastColumn?: number
  message: string
  extract?: string
}

let server: RunningServer
const dir = mkdtempSync(join(tmpdir(), 'html-validity-'))
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

test('the seed has a second blog page to check', () => {
  expect(seedPosts.length).toBeGreaterThan(BLOG_PAGE_SIZE)
})

test('the server HTML of every public page passes the W3C HTML checker', async () => {
  // One page after another, as a visitor asks: thirteen cold renders at once may be told the site is busy.
  const files: string[] = []
  for (const [name, path, status] of PAGES_CHECKED) {
    const res = await fetch(server.url + path)
    expect({ path, status: res.status }).toEqual({ path, status })
    const file = join(dir, `${name}.html`)
    await Bun.write(file, await res.text())
    files.push(file)
  }
  const run = Bun.spawn(['java', '-jar', String(vnuJar), '--format', 'json', '--errors-only', ...files], {
    stdout: 'ignore',
    stderr: 'pipe',
  })
  // The checker writes its JSON report to stderr, and exits non-zero when it found errors.
  const [report] = await Promise.all([new Response(run.stderr).text(), run.exited])
  const messages = (JSON.parse(report) as { messages: Message[] }).messages
  const problems = messages.map(
    (m) =>
      `${m.url.split('/').pop()}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.type}: ${m.message}${m.extract ? ` [${m.extract}]` : ''}`,
  )
  expect(problems).toEqual([])
}, 120_000)
