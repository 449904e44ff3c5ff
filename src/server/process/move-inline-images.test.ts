import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { png } from '../../../tests/support/images'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { media, posts } from '../db/schema'
import { moveInlinePostImages } from './move-inline-images'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: true })
})
afterAll(() => t.close())

test('data: images stored before uploads existed move into the media store once, and a broken one is reported', async () => {
  const now = new Date()
  const row = (slug: string, content: string) => ({
    title: slug,
    slug,
    content,
    searchText: slug,
    status: 'published' as const,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  })
  const picture = await png(400, 300)
  const image = picture.toString('base64')
  const truncated = picture.subarray(0, 60).toString('base64')
  await t.db
    .insert(posts)
    .values([
      row('old-photo', `<p>Before</p><img src="data:image/png;base64,${image}" alt="An old photo">`),
      row('old-broken', `<img src="data:image/png;base64,${truncated}">`),
      row('old-malformed', '<img src="data:image/svg+xml,<svg width=%27100%%27/>">'),
    ])

  const first = await moveInlinePostImages(t.db)
  const [moved] = await t.db.select().from(posts).where(eq(posts.slug, 'old-photo'))
  expect(first.moved).toBe(1)
  expect(first.failed.map((failure) => failure.error)).toEqual([
    'An image in the post could not be stored: The image could not be read; it may be damaged.',
    'An image in the post could not be stored: Upload an image: PNG, JPEG, GIF, WebP, AVIF, BMP, ICO.',
  ])
  expect(moved!.content).not.toContain('data:')
  expect(moved!.content).toMatch(/<img src="\/media\/[0-9a-f]{24}-400\.webp" alt="An old photo" srcset=/)
  expect((await t.db.select().from(media)).length).toBe(1)
  const page = await (await t.request('/blog/old-photo')).text()
  expect(page).toContain('alt="An old photo"')

  const second = await moveInlinePostImages(t.db)
  expect(second.moved).toBe(0)
})
