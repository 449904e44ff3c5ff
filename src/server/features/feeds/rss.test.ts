import { afterEach, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import { posts } from '../../db/schema'
import { xml } from './rss'

const NOW = Date.UTC(2030, 2, 10, 12)
const RFC_822 = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/
let t: TestApp | undefined
afterEach(() => t?.close())

const feed = async () => (await t!.request('/rss.xml')).text()
const lastBuildDate = (xml: string) => /<lastBuildDate>(.*?)<\/lastBuildDate>/.exec(xml)?.[1]

test('lastBuildDate is the newest post’s publication, in RFC 822, once in the channel before the items', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const xml = await feed()
  const newest = /<item>.*?<pubDate>(.*?)<\/pubDate>/.exec(xml)?.[1]
  expect(newest).toMatch(RFC_822)
  expect(lastBuildDate(xml)).toBe(newest!)
  expect(xml.match(/<lastBuildDate>/g)).toHaveLength(1)
  expect(xml.indexOf('<lastBuildDate>')).toBeLessThan(xml.indexOf('<item>'))
})

test('an older post edited after the newest one appeared moves lastBuildDate to the edit', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const oldest = [...seedPosts].sort((a, b) => b.publishedDaysAgo - a.publishedDaysAgo)[0]!
  const edited = new Date(NOW - 60_000)
  await t.db.update(posts).set({ updatedAt: edited }).where(eq(posts.slug, oldest.slug))
  expect(lastBuildDate(await feed())).toBe(edited.toUTCString())
})

test('a feed without posts has no lastBuildDate', async () => {
  t = await createTestApp({ now: NOW })
  const xml = await feed()
  expect(xml).toContain('<channel>')
  expect(xml).not.toContain('<item>')
  expect(lastBuildDate(xml)).toBeUndefined()
})

test('a scheduled post going live (published after its last edit) moves lastBuildDate to its publication', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const newest = [...seedPosts].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)[0]!
  // Written a week ago, scheduled for a minute ago: no edit since, yet the feed changed when it went live.
  const live = new Date(NOW - 60_000)
  await t.db
    .update(posts)
    .set({ updatedAt: new Date(NOW - 7 * 86_400_000), publishedAt: live })
    .where(eq(posts.slug, newest.slug))
  expect(lastBuildDate(await feed())).toBe(live.toUTCString())
})

test('characters XML does not allow are left out of the feed, which stays well formed', () => {
  expect(xml('Non\uFFFFchar\u0000 \uD800 & <b> ok\u{1F600}\t')).toBe('Nonchar  &amp; &lt;b&gt; ok\u{1F600}\t')
})
