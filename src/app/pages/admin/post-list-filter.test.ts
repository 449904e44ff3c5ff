import { describe, expect, test } from 'bun:test'
import type { PostSummary } from '../../../shared/blog'
import {
  compareNewestFirst,
  countByFilter,
  describeNoMatch,
  describeResultCount,
  filterPostList,
  foldForSearch,
  type PostListFilter,
  type PostListSort,
} from './post-list-filter'

const now = Date.UTC(2030, 4, 6, 12)
const day = 24 * 60 * 60 * 1000
const iso = (time: number) => new Date(time).toISOString()

let nextId = 1
function post(title: string, over: Partial<PostSummary> = {}): PostSummary {
  const id = over.id ?? nextId++
  return {
    id,
    title,
    slug: `post-${id}`,
    excerpt: '',
    featuredImage: null,
    featuredImageInfo: null,
    featured: false,
    status: 'published',
    createdAt: iso(now - 10 * day),
    updatedAt: iso(now - 10 * day),
    publishedAt: iso(now - 10 * day),
    authorId: 1,
    author: null,
    ...over,
  }
}

const draft = post('Draft Notes', { id: 101, status: 'draft', publishedAt: null, createdAt: iso(now - 2 * day) })
const scheduled = post('Summer Fair', { id: 102, publishedAt: iso(now + 3 * day), createdAt: iso(now - 1 * day) })
const live = post('Café Opening', { id: 103, publishedAt: iso(now - 5 * day) })
const featuredLive = post('Trophy Night', { id: 104, featured: true, publishedAt: iso(now - 20 * day) })
const featuredDraft = post('Secret Plans', {
  id: 105,
  featured: true,
  status: 'draft',
  publishedAt: iso(now - 1 * day),
})
const posts = [featuredLive, live, draft, featuredDraft, scheduled]

const titles = (list: PostSummary[]) => list.map((p) => p.title)
const run = (query: string, filter: PostListFilter = 'all', at = now) =>
  titles(filterPostList(posts, { query, filter, now: at }))

describe('filterPostList', () => {
  test('with no query and "all", every post, newest first by publication time, else creation time', () => {
    expect(run('')).toEqual(['Summer Fair', 'Secret Plans', 'Draft Notes', 'Café Opening', 'Trophy Night'])
  })

  test('does not reorder the array it is given', () => {
    const input = [...posts]
    filterPostList(input, { query: '', filter: 'all', now })
    expect(input).toEqual(posts)
  })

  test('title search ignores case, accents and surrounding whitespace', () => {
    expect(run('cafe')).toEqual(['Café Opening'])
    expect(run('  CAFÉ  ')).toEqual(['Café Opening'])
    expect(run('caf\u0065\u0301')).toEqual(['Café Opening'])
    expect(run('opening')).toEqual(['Café Opening'])
    expect(run('fair')).toEqual(['Summer Fair'])
    expect(run('nothing like this')).toEqual([])
  })

  test('searches the title only, as a substring, with inner whitespace runs collapsed', () => {
    expect(run('summer    fair')).toEqual(['Summer Fair'])
    expect(run('post-103')).toEqual([])
    expect(run('mmer f')).toEqual(['Summer Fair'])
  })

  test('whitespace-only queries are no filter', () => {
    expect(run(' \t ')).toHaveLength(posts.length)
  })

  test('accents inside words and accents only in the query are ignored too', () => {
    const list = [post('Crème Brûlée Night', { id: 1 }), post('Plain Cafe', { id: 2 })]
    const find = (query: string) => titles(filterPostList(list, { query, filter: 'all', now }))
    expect(find('creme brulee')).toEqual(['Crème Brûlée Night'])
    expect(find('café')).toEqual(['Plain Cafe'])
  })

  test('letters without a decomposition fold too', () => {
    const list = [post('Straße Fest', { id: 1 }), post('Øresund Trip', { id: 2 }), post('Łódź Week', { id: 3 })]
    const find = (query: string) => titles(filterPostList(list, { query, filter: 'all', now }))
    expect(find('strasse')).toEqual(['Straße Fest'])
    expect(find('STRASSE')).toEqual(['Straße Fest'])
    expect(find('oresund')).toEqual(['Øresund Trip'])
    expect(find('lodz')).toEqual(['Łódź Week'])
  })

  test('draft: status draft, featured or not', () => {
    expect(run('', 'draft')).toEqual(['Secret Plans', 'Draft Notes'])
  })

  test('scheduled: published with a publication time still to come', () => {
    expect(run('', 'scheduled')).toEqual(['Summer Fair'])
    // once its time has passed it is live, not scheduled
    expect(run('', 'scheduled', now + 4 * day)).toEqual([])
    expect(run('', 'published', now + 4 * day)).toContain('Summer Fair')
  })

  test('published: live now, so scheduled posts are left out', () => {
    expect(run('', 'published')).toEqual(['Café Opening', 'Trophy Night'])
  })

  test('featured: whatever the status', () => {
    expect(run('', 'featured')).toEqual(['Secret Plans', 'Trophy Night'])
  })

  test('the query and the filter combine', () => {
    expect(run('secret', 'featured')).toEqual(['Secret Plans'])
    expect(run('secret', 'published')).toEqual([])
  })
})

describe('compareNewestFirst', () => {
  test('equal times sort by id, highest first', () => {
    const time = iso(now)
    const list = [
      post('a', { id: 1, publishedAt: time }),
      post('b', { id: 3, publishedAt: time }),
      post('c', { id: 2, publishedAt: time }),
    ]
    expect([...list].sort(compareNewestFirst).map((p) => p.id)).toEqual([3, 2, 1])
  })

  test('a missing publication time falls back to the creation time; unreadable dates sort last', () => {
    const list = [
      post('old', { id: 1, publishedAt: iso(now - day) }),
      post('broken', { id: 2, publishedAt: null, createdAt: 'not a date' }),
      post('new draft', { id: 3, publishedAt: null, createdAt: iso(now) }),
      post('bad published', { id: 4, publishedAt: 'nope', createdAt: iso(now - 2 * day) }),
    ]
    expect([...list].sort(compareNewestFirst).map((p) => p.title)).toEqual([
      'new draft',
      'old',
      'bad published',
      'broken',
    ])
  })
})

test('countByFilter counts each filter among the posts the query finds', () => {
  expect(countByFilter(posts, { query: '', now })).toEqual({
    all: 5,
    draft: 2,
    scheduled: 1,
    published: 2,
    featured: 2,
  })
  expect(countByFilter(posts, { query: 'o', now })).toEqual({
    all: 3,
    draft: 1,
    scheduled: 0,
    published: 2,
    featured: 1,
  })
  expect(countByFilter(posts, { query: 'SECRET', now })).toEqual({
    all: 1,
    draft: 1,
    scheduled: 0,
    published: 0,
    featured: 1,
  })
  expect(countByFilter([], { query: '', now })).toEqual({ all: 0, draft: 0, scheduled: 0, published: 0, featured: 0 })
})

test('foldForSearch', () => {
  expect(foldForSearch('  Crème   Brûlée ')).toBe('creme brulee')
  expect(foldForSearch('İstanbul')).toBe('istanbul')
})

test('the result line and the empty-state message', () => {
  expect(describeResultCount(3, 12)).toBe('3 of 12 posts')
  expect(describeResultCount(1, 1)).toBe('1 of 1 post')
  expect(describeResultCount(0, 12)).toBe('0 of 12 posts')
  expect(describeNoMatch(' golf  cart ', 'all')).toBe('No posts match "golf cart".')
  expect(describeNoMatch('golf', 'scheduled')).toBe('No scheduled posts match "golf".')
  expect(describeNoMatch('', 'featured')).toBe('No posts match the filter "Featured".')
  expect(describeNoMatch('', 'all', true)).toBe('No posts match the chosen filters.')
  expect(describeNoMatch('', 'featured', true)).toBe('No featured posts match the chosen filters.')
  expect(describeNoMatch('golf', 'all', true)).toBe('No posts match "golf" with the chosen filters.')
})

test('a post whose text the server found the query in is listed beside the title matches, and counted', () => {
  const now = Date.UTC(2030, 0, 1)
  const post = (id: number, title: string): PostSummary => ({
    id,
    title,
    slug: `p${id}`,
    excerpt: '',
    featuredImage: null,
    featuredImageInfo: null,
    featured: false,
    status: 'draft',
    createdAt: new Date(now - id * 1000).toISOString(),
    updatedAt: new Date(now).toISOString(),
    publishedAt: null,
    authorId: 1,
    author: null,
  })
  const posts = [post(1, 'Zephyr notes'), post(2, 'Price list'), post(3, 'Other')]
  const textMatches = new Set([2])
  expect(filterPostList(posts, { query: 'zephyr', filter: 'all', now, textMatches }).map((p) => p.id)).toEqual([1, 2])
  expect(countByFilter(posts, { query: 'zephyr', now, textMatches }).draft).toBe(2)
  expect(filterPostList(posts, { query: 'zephyr', filter: 'all', now }).map((p) => p.id)).toEqual([1])
})

test('the author and tag filters keep their posts; the status counts follow them', () => {
  const byTwo = { ...live, id: 201, title: 'Guest Column', authorId: 2 }
  const list = [...posts, byTwo]
  const only = (criteria: Partial<Parameters<typeof filterPostList>[1]>) =>
    titles(filterPostList(list, { query: '', filter: 'all', now, ...criteria }))
  expect(only({ author: 2 })).toEqual(['Guest Column'])
  expect(only({ tagMatches: new Set([101, 104]) })).toEqual(['Draft Notes', 'Trophy Night'])
  expect(only({ tagMatches: new Set() })).toEqual([])
  expect(only({ author: 1, tagMatches: new Set([101, 201]) })).toEqual(['Draft Notes'])
  expect(countByFilter(list, { query: '', now, author: 1, tagMatches: new Set([101, 104]) })).toEqual({
    all: 2,
    draft: 1,
    scheduled: 0,
    published: 1,
    featured: 1,
  })
})

test('each sort orders by its column either way, ties by id the same way, posts without the date last', () => {
  const sorted = (sort: PostListSort) => titles(filterPostList(posts, { query: '', filter: 'all', now, sort }))
  expect(sorted('title')).toEqual(['Café Opening', 'Draft Notes', 'Secret Plans', 'Summer Fair', 'Trophy Night'])
  expect(sorted('-title')).toEqual(['Trophy Night', 'Summer Fair', 'Secret Plans', 'Draft Notes', 'Café Opening'])
  expect(sorted('status')).toEqual(['Draft Notes', 'Secret Plans', 'Summer Fair', 'Café Opening', 'Trophy Night'])
  expect(sorted('-status')).toEqual(['Trophy Night', 'Café Opening', 'Summer Fair', 'Secret Plans', 'Draft Notes'])
  // Café Opening (103), Trophy Night (104) and Secret Plans (105) were created at the same moment.
  expect(sorted('-createdAt')).toEqual(['Summer Fair', 'Draft Notes', 'Secret Plans', 'Trophy Night', 'Café Opening'])
  expect(sorted('createdAt')).toEqual(['Café Opening', 'Trophy Night', 'Secret Plans', 'Draft Notes', 'Summer Fair'])
  expect(sorted('-publishedAt')).toEqual(['Summer Fair', 'Secret Plans', 'Café Opening', 'Trophy Night', 'Draft Notes'])
  expect(sorted('publishedAt')).toEqual(['Trophy Night', 'Café Opening', 'Secret Plans', 'Summer Fair', 'Draft Notes'])
})

test('titles sort as people read them: numbers by value, any case and accent together', () => {
  const list = ['Post 10', 'post 9', 'Éclair Day', 'eclair night', 'Apple'].map((title, n) =>
    post(title, { id: 300 + n }),
  )
  expect(titles(filterPostList(list, { query: '', filter: 'all', now, sort: 'title' }))).toEqual([
    'Apple',
    'Éclair Day',
    'eclair night',
    'post 9',
    'Post 10',
  ])
})
