import { afterEach, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import { posts } from '../../db/schema'

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
