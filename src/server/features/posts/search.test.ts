import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { SeedPost } from '../../../content/seed-post'
import { seedPosts } from '../../../content/seed-posts'
import { type PostSummary, SEARCH_COUNT_LIMIT, SEARCH_RESULTS_LIMIT } from '../../../shared/blog'
import { htmlToText } from './sanitize-post-html'
import { seedBlogIfEmpty } from './seed'

const NOW = Date.UTC(2030, 2, 10, 12)
const textOf = (p: SeedPost) => `${p.title}\n${p.excerpt}\n${htmlToText(p.content)}`.toLowerCase()
const seedText = new Map(seedPosts.map((p) => [p.slug, textOf(p)]))

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: NOW, seed: true })
})
afterAll(() => t.close())

async function search(q: string, limit = SEARCH_RESULTS_LIMIT) {
  const res = await t.request(`/api/blog/search?q=${encodeURIComponent(q)}&limit=${limit}`)
  expect(res.status).toBe(200)
  return { slugs: ((await res.json()) as PostSummary[]).map((p) => p.slug), total: res.headers.get('x-total-count') }
}

/** A post written through the admin API, as the administrator would. */
async function createPost(post: Record<string, unknown>) {
  const admin = adminClient(t)
  await admin.login()
  return admin.request('POST', '/api/blog', post)
}

describe('relevance', () => {
  test('"plush" ranks the plush post first, in the results and in the suggestions', async () => {
    const plush = 'tumbletop-toys-emberling-plush'
    expect((await search('plush')).slugs[0]).toBe(plush)
    expect((await search('plush', 5)).slugs[0]).toBe(plush)
    // While it is typed, too.
    expect((await search('plu', 5)).slugs[0]).toBe(plush)
    // The conference party post mentions plush as well, and is newer: relevance comes before the date.
    expect((await search('plush')).slugs).toContain('developer-conference-party')
    const html = await (await t.request('/blog?q=plush')).text()
    expect(html.indexOf('The Emberling Plush')).toBeLessThan(html.indexOf('Our Developer Conference Party'))
  })

  test('"golf cart vip" finds the post mentioning all three words, and only posts that do', async () => {
    const { slugs, total } = await search('golf cart vip')
    const all = seedPosts.filter((p) => ['golf', 'cart', 'vip'].every((w) => textOf(p).includes(w)))
    expect(all.map((p) => p.slug)).toEqual(['introducing-vip-membership'])
    expect(slugs).toEqual(['introducing-vip-membership'])
    expect(total).toBe('1')
    // Word order does not matter.
    expect((await search('VIP golf cart')).slugs).toEqual(slugs)
  })

  test('the title counts more than the excerpt, the excerpt more than the text; then the newest first', async () => {
    const admin = adminClient(t)
    await admin.login()
    const day = 24 * 60 * 60 * 1000
    const write = (title: string, excerpt: string, content: string, daysAgo: number) =>
      admin.request('POST', '/api/blog', {
        title,
        excerpt,
        content: `<p>${content}</p>`,
        status: 'published',
        publishedAt: new Date(NOW - daysAgo * day).toISOString().slice(0, 10),
      })
    // The word is in a long title, a one-word excerpt, or three times in a short text, and the later
    // posts are the newer ones: without the weights, the short excerpt would come first.
    const posts = [
      await write('Quokka parade through the old town square at noon', 'A parade.', 'Marching along.', 30),
      await write('A parade', 'Quokka.', 'Marching along.', 20),
      await write('Older parade', 'A parade.', 'Quokka, quokka, quokka!', 10),
      await write('Newer parade', 'A parade.', 'Quokka, quokka, quokka!', 5),
    ]
    for (const res of posts) expect(res.status).toBe(201)
    // The last two differ only in their date.
    expect((await search('quokka')).slugs).toEqual([
      'quokka-parade-through-the-old-town-square-at-noon',
      'a-parade',
      'newer-parade',
      'older-parade',
    ])
  })
})

describe('accents', () => {
  test('a query finds a post with or without its accents, typed in any case, with a typo too', async () => {
    const created = await createPost({
      title: 'Pokémon Night at the Café',
      content: '<p>Crème brûlée for every trainer, a NAÏVE quiz, and a trip to İzmir.</p>',
      status: 'published',
    })
    expect(created.status).toBe(201)
    const { slug } = (await created.json()) as { slug: string }
    const typed = ['pokemon', 'POKÉMON', 'Pokémon night', 'cafe', 'creme brulee', 'crème brûlée', 'naive']
    // Typed with separate accents (as some keyboards and pasted text give them), and "İz", whose lower case
    // is three characters of which the index sees two: still found, as a plain substring.
    const decomposed = ['cafe\u0301', 'cre\u0300me', 'İz', 'İzmir']
    for (const query of [...typed, ...decomposed]) expect([query, (await search(query)).slugs]).toEqual([query, [slug]])
    // A letter too many, with or without the accent: corrected from the word index, whose words have none.
    expect((await search('pokkemon')).slugs).toEqual([slug])
    expect((await search('crèmme brûlée')).slugs).toEqual([slug])
    expect((await search('cre\u0300mme')).slugs).toEqual([slug])
    expect((await search('pokemon', 5)).slugs[0]).toBe(slug)
    const html = await (await t.request('/blog?q=pokemon')).text()
    expect(html).toContain('Pokémon Night at the Café')
  })
})

describe('typos', () => {
  test('"trophys" finds the trophy posts', async () => {
    const trophy = seedPosts.filter((p) => textOf(p).includes('trophy')).map((p) => p.slug)
    expect(trophy).toContain('top-donor-trophies-and-lifetime-rewards')
    const { slugs } = await search('trophys')
    expect(slugs.sort()).toEqual([...trophy].sort())
    expect((await search('trophys', 5)).slugs[0]).toBe('top-donor-trophies-and-lifetime-rewards')
  })

  test('a swapped, missing or wrong letter in a longer word is forgiven; a short word is not guessed at', async () => {
    for (const typo of ['tophy', 'trohpy', 'trophu', 'ttrophy']) expect((await search(typo)).slugs).not.toEqual([])
    expect((await search('crwn')).slugs).toEqual([])
    // Only when nothing matches as typed: "plaza" is not turned into anything else.
    const plaza = seedPosts.filter((p) => textOf(p).includes('plaza')).length
    expect((await search('plaza')).total).toBe(String(plaza))
  })

  test('words only a draft holds are never corrected into results', async () => {
    const draft = await createPost({
      title: 'Secret zanzibarian plans',
      content: '<p>zanzibarian</p>',
      status: 'draft',
    })
    expect(draft.status).toBe(201)
    expect((await search('zanzibarians')).slugs).toEqual([])
    expect((await search('zanzibarian')).slugs).toEqual([])
  })
})

describe('word forms', () => {
  const having = (word: string) => seedPosts.filter((p) => seedText.get(p.slug)!.includes(word)).map((p) => p.slug)

  test('"plushies", "hoodies" and "trophies" find the posts with "plush", "hoodie" and "trophy"', async () => {
    for (const [plural, base] of [
      ['plushies', 'plush'],
      ['hoodies', 'hoodie'],
      ['trophies', 'trophy'],
    ] as const) {
      const { slugs } = await search(plural, SEARCH_COUNT_LIMIT)
      expect(having(base).length).toBeGreaterThan(0)
      for (const slug of having(base)) expect(slugs).toContain(slug)
    }
    expect((await search('plushies', SEARCH_COUNT_LIMIT)).slugs).toContain('tumbletop-toys-emberling-plush')
  })

  test('the word as typed ranks above its base form', async () => {
    const { slugs } = await search('plushies', SEARCH_COUNT_LIMIT)
    const typed = having('plushies')
    expect(slugs.slice(0, typed.length).sort()).toEqual([...typed].sort())
    // No post says "plushes": the base form's relevance decides, the plush post first.
    expect((await search('plushes')).slugs[0]).toBe('tumbletop-toys-emberling-plush')
  })
})

/** A small deterministic generator, so a failure names a query that fails again. */
function random(seed: number) {
  let x = seed
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648
    return Math.floor((x / 2147483648) * n)
  }
}

test('200 random queries never find fewer posts than a plain substring search', async () => {
  const pick = random(20301)
  const texts = [...seedText.values()]
  const queries: string[] = []
  while (queries.length < 200) {
    const text = texts[pick(texts.length)]!
    const start = pick(text.length)
    const piece = text.slice(start, start + 1 + pick(14))
    // Pieces of real text (words, parts of words, across spaces and punctuation), some in capitals.
    queries.push(pick(4) === 0 ? piece.toUpperCase() : piece)
  }
  for (const q of queries) {
    const needle = q.trim().toLowerCase()
    if (!needle) continue
    const expected = seedPosts.filter((p) => seedText.get(p.slug)!.includes(needle)).map((p) => p.slug)
    const { slugs, total } = await search(q)
    const missing = expected.filter((slug) => !slugs.includes(slug))
    expect({ q, missing }).toEqual({ q, missing: [] })
    expect(Number(total)).toBeGreaterThanOrEqual(expected.length)
  }
})

test('posts containing the whole query come first, so ranking by words never pushes them out of the suggestions', async () => {
  const pick = random(4711)
  const texts = [...seedText.values()]
  let checked = 0
  for (let tries = 0; tries < 2000 && checked < 150; tries++) {
    const words = texts[pick(texts.length)]!.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3)
    const start = pick(Math.max(1, words.length - 1))
    const phrase = words.slice(start, start + 2).join(' ')
    const containing = seedPosts.filter((p) => seedText.get(p.slug)!.includes(phrase)).map((p) => p.slug)
    if (containing.length === 0 || containing.length > 5) continue
    checked++
    const { slugs } = await search(phrase, 5)
    expect({ phrase, first: slugs.slice(0, containing.length).sort() }).toEqual({ phrase, first: containing.sort() })
  }
  expect(checked).toBe(150)
})

describe('"Showing N of M"', () => {
  let big: TestApp
  const many = SEARCH_COUNT_LIMIT + 5
  beforeAll(async () => {
    big = await createTestApp({ now: NOW })
    const posts: SeedPost[] = Array.from({ length: many }, (_, n) => ({
      title: `Gazette number ${n}`,
      slug: `gazette-${n}`,
      excerpt: 'News from the plaza.',
      content: `<h2>Issue ${n}</h2><p>Wombat sightings and more.</p>`,
      featuredImage: null,
      publishedDaysAgo: n,
      tags: [],
    }))
    await seedBlogIfEmpty(big.db, NOW, posts)
  })
  afterAll(() => big.close())

  test('the API gives the total in a header; the page says how many of them it shows', async () => {
    const res = await big.request('/api/blog/search?q=wombat&limit=5')
    expect(((await res.json()) as PostSummary[]).length).toBe(5)
    expect(res.headers.get('x-total-count')).toBe(String(many))
    const html = await (await big.request('/blog?q=wombat')).text()
    expect(html).toContain(`Search results for &quot;wombat&quot; (1,005 posts)`)
    expect(html).toContain('Showing 100 of 1,005')
    expect(html.match(/class="post-card__title"/g)?.length).toBe(SEARCH_RESULTS_LIMIT)
  })

  test('a query too short for the index is counted up to a limit, and says so', async () => {
    const res = await big.request('/api/blog/search?q=w&limit=100')
    expect(((await res.json()) as PostSummary[])[0]!.slug).toBe('gazette-0')
    expect(res.headers.get('x-total-count')).toBe(`${SEARCH_COUNT_LIMIT}+`)
    const html = await (await big.request('/blog?q=w')).text()
    expect(html).toContain('(1,000+ posts)')
    expect(html).toContain('Showing 100 of 1,000+')
  })

  test('nothing is said when every match is shown', async () => {
    const html = await (await big.request('/blog?q=gazette%20number%2012')).text()
    expect(html).not.toContain('Showing ')
  })
})

test('only the first blog page shows and sends the featured posts: a search or a later page reads neither', async () => {
  const featuredTitles = ((await (await t.request('/api/blog/featured')).json()) as PostSummary[]).map((p) => p.title)
  expect(featuredTitles.length).toBeGreaterThan(0)
  const queryKeys = (html: string) => {
    const bootstrap = JSON.parse(/window\.__BOOTSTRAP__=(.*?)<\/script>/s.exec(html)![1]!) as {
      queries: { queries: { queryKey: unknown[] }[] }
    }
    return bootstrap.queries.queries.map((q) => q.queryKey.slice(0, 2).join(' '))
  }
  const first = await (await t.request('/blog')).text()
  expect(first).toContain('aria-label="Featured posts"')
  expect(queryKeys(first)).toContain('posts featured')

  for (const path of ['/blog?q=plush', '/blog?page=2']) {
    const html = await (await t.request(path)).text()
    expect({ path, carousel: html.includes('aria-label="Featured posts"') }).toEqual({ path, carousel: false })
    expect({ path, keys: queryKeys(html) }).toEqual({
      path,
      keys: [path.includes('q=') ? 'posts search' : 'posts list'],
    })
  }
})
