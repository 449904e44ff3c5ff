import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import { createContentVersion } from '../../cache/content-version'
import { appSettings, posts } from '../../db/schema'
import { htmlToText } from './sanitize-post-html'
import { seedBlogIfEmpty } from './seed'

const DAY = 24 * 60 * 60 * 1000
const allText = seedPosts.map((p) => `${p.title} ${p.excerpt} ${htmlToText(p.content)}`).join('\n')

describe('the bundled launch posts', () => {
  test('are twelve, with unique slugs and real HTML', () => {
    expect(seedPosts.length).toBe(12)
    expect(new Set(seedPosts.map((p) => p.slug)).size).toBe(12)
    for (const post of seedPosts) {
      expect(post.content).toMatch(/<h2[ >]/)
      expect(post.content).toContain('<p>')
    }
    expect(seedPosts.filter((p) => /<(video|iframe)[ >]/.test(p.content)).length).toBe(1)
    expect(seedPosts.some((p) => /<(ul|ol)>/.test(p.content))).toBe(true)
    expect(seedPosts.some((p) => /<img /.test(p.content))).toBe(true)
  })

  test.each([
    [
      'the VIP subscription price',
      /VIP[\s\S]{0,200}\$2\.99[\s\S]{0,40}month|\$2\.99[\s\S]{0,40}month[\s\S]{0,200}VIP/i,
    ],
    ['the golf-cart gamepass price', /golf[\s-]cart[\s\S]{0,300}\b499\b/i],
    ['the crane booth price', /crane booth[\s\S]{0,300}42,000/i],
    ['the promotion blimp prices', /blimp[\s\S]{0,400}2,500[\s\S]{0,300}25,000/i],
    ['the monthly top-10 donor trophy', /top 10[\s\S]{0,200}trophy|trophy[\s\S]{0,200}top 10/i],
    ['one trophy per person every 4 months', /every (4|four) months/i],
    ['the 10 million reward', /10 million/i],
    ['the 1 million reward', /\b1 million/i],
  ])('state %s', (_, pattern) => {
    expect(allText).toMatch(pattern)
  })

  test('feature the children’s-brand collaboration and the awards trophies, one through the isFeatured alias', () => {
    const featured = seedPosts.filter((p) => p.featured || p.isFeatured)
    expect(featured.length).toBe(2)
    expect(featured.some((p) => /button & bean/i.test(p.title + p.content))).toBe(true)
    expect(featured.some((p) => /troph/i.test(p.title))).toBe(true)
    expect(seedPosts.some((p) => p.isFeatured && !('featured' in p))).toBe(true)
  })
})

describe('seedBlogIfEmpty', () => {
  test('inserts once, dates counted back from the seeding day, isFeatured honoured', async () => {
    const now = Date.UTC(2031, 0, 20, 15)
    const t = await createTestApp()
    const version = createContentVersion(t.db, () => now)
    const before = await version.current()
    expect(await seedBlogIfEmpty(t.db, now)).toBe(true)
    // Other processes' caches of the empty blog turn over: the seed changes the stored content version.
    expect(await createContentVersion(t.db, () => now).current()).not.toBe(before)
    expect(await seedBlogIfEmpty(t.db, now)).toBe(false)
    const rows = await t.db.select().from(posts)
    expect(rows.length).toBe(12)
    for (const seed of seedPosts) {
      const row = rows.find((r) => r.slug === seed.slug)!
      expect(row.status).toBe('published')
      expect(row.authorId).toBe(1)
      expect(row.featured).toBe(Boolean(seed.featured ?? seed.isFeatured))
      expect(Math.round((Date.UTC(2031, 0, 20, 9) - row.publishedAt!.getTime()) / DAY)).toBe(seed.publishedDaysAgo)
    }
    expect(rows.filter((r) => now - r.publishedAt!.getTime() < 30 * DAY).length).toBeGreaterThan(0)
    t.close()
  })

  test('a blog emptied since its seeding (sample content removed, every post deleted) stays empty at the next start', async () => {
    const t = await createTestApp()
    expect(await seedBlogIfEmpty(t.db)).toBe(true)
    await t.db.delete(posts)
    expect(await seedBlogIfEmpty(t.db)).toBe(false)
    expect(await t.db.select().from(posts)).toEqual([])
    t.close()
  })

  test('a blog with posts from before the seed was remembered is marked as seeded, not seeded again', async () => {
    const t = await createTestApp()
    const base = { excerpt: 'e', content: '<p>c</p>', featuredImage: null, tags: [] }
    expect(
      await seedBlogIfEmpty(t.db, Date.now(), [{ ...base, title: 'Ours', slug: 'ours', publishedDaysAgo: 1 }]),
    ).toBe(true)
    await t.db.delete(appSettings).where(eq(appSettings.key, 'posts_seeded'))
    expect(await seedBlogIfEmpty(t.db)).toBe(false)
    expect((await t.db.select().from(posts)).map((row) => row.slug)).toEqual(['ours'])
    await t.db.delete(posts)
    expect(await seedBlogIfEmpty(t.db)).toBe(false)
    t.close()
  })

  test('accepts isFeatured as an alias of featured', async () => {
    const t = await createTestApp()
    const base = { excerpt: 'e', content: '<p>c</p>', featuredImage: null, tags: ['Updates'] }
    await seedBlogIfEmpty(t.db, Date.now(), [
      { ...base, title: 'A', slug: 'a', isFeatured: true, publishedDaysAgo: 1 },
      { ...base, title: 'B', slug: 'b', featured: false, isFeatured: true, publishedDaysAgo: 2 },
      { ...base, title: 'C', slug: 'c', publishedDaysAgo: 3 },
    ])
    const featured = async (slug: string) => (await t.db.select().from(posts).where(eq(posts.slug, slug)))[0]!.featured
    expect(await featured('a')).toBe(true)
    expect(await featured('b')).toBe(false)
    expect(await featured('c')).toBe(false)
    t.close()
  })
})
