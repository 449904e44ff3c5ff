import { expect, test } from 'bun:test'
import type { PostSummary } from '../../../shared/blog'
import {
  emptyPostValues,
  hasUneditableMarkup,
  postPayload,
  validatePostForm,
  valuesFromSummary,
} from './post-form-values'

const now = Date.UTC(2030, 4, 6, 15)

test('a new post is an untagged draft dated today, and says what is missing', () => {
  const values = emptyPostValues(now)
  expect(values).toMatchObject({ status: 'draft', publishedAt: '2030-05-06', tags: [], featured: false })
  expect(validatePostForm(values)).toEqual({ title: 'Title is required', content: 'Content is required' })
  expect(validatePostForm({ ...values, title: ' A ', content: '<p>text</p>' })).toEqual({})
  expect(validatePostForm({ ...values, title: 'A', content: '<p><br></p>' })).toEqual({
    content: 'Content is required',
  })
})

test('the payload trims the title, derives a missing slug and leaves a cleared date to the server', () => {
  const payload = postPayload({ ...emptyPostValues(now), title: '  Golf Carts Return ', slug: ' ', publishedAt: '' })
  expect(payload.title).toBe('Golf Carts Return')
  expect(payload.slug).toBe('golf-carts-return')
  expect(payload.publishedAt).toBeUndefined()
  expect(postPayload({ ...emptyPostValues(now), title: 'x', slug: 'kept' }).slug).toBe('kept')
})

test('edit mode starts from the list row, dated by its publication, with a placeholder for the content', () => {
  const row: PostSummary = {
    id: 4,
    title: 'Crane Booth',
    slug: 'crane-booth',
    excerpt: 'Prizes',
    featuredImage: null,
    featuredImageInfo: null,
    featured: true,
    status: 'published',
    createdAt: '2030-01-01T09:00:00.000Z',
    updatedAt: '2030-01-02T09:00:00.000Z',
    publishedAt: '2030-01-03T09:00:00.000Z',
    authorId: 1,
    author: null,
  }
  expect(valuesFromSummary(row)).toMatchObject({
    title: 'Crane Booth',
    featuredImage: '',
    featured: true,
    status: 'published',
    publishedAt: '2030-01-03',
    publishedTime: '09:00',
    content: '<p>Loading content…</p>',
  })
  expect(valuesFromSummary({ ...row, publishedAt: null }).publishedAt).toBe('2030-01-01')
})

test('figures around pictures are editable; a figure around anything else is not', () => {
  expect(hasUneditableMarkup('<figure><img src="/a.webp" alt="A"><figcaption>A</figcaption></figure>')).toBe(false)
  expect(hasUneditableMarkup('<figure class="x">\n  <img src="/a.webp" alt="A"></figure>')).toBe(false)
  expect(hasUneditableMarkup('<figure><video src="/a.mp4"></video></figure>')).toBe(true)
  expect(hasUneditableMarkup('<p>No figures</p>')).toBe(false)
})

test('galleries of pictures and toggles of paragraphs are editable; a caption or a list inside them is not', () => {
  const gallery = '<figure class="post-gallery"><img src="/a.webp" alt="A"><img src="/b.webp" alt="B"></figure>'
  expect(hasUneditableMarkup(`<p>Three</p>${gallery}<figure><img src="/c.webp" alt="C"></figure>`)).toBe(false)
  expect(hasUneditableMarkup(gallery.replace('</figure>', '<figcaption>Booths</figcaption></figure>'))).toBe(true)
  expect(hasUneditableMarkup(`${gallery}<figure><video src="/a.mp4"></video></figure>`)).toBe(true)
  const toggle = '<details><summary>When?</summary><p>At <strong>eight</strong>.</p><p>Sharp.</p></details>'
  expect(hasUneditableMarkup(toggle)).toBe(false)
  expect(hasUneditableMarkup(toggle.replace('<p>Sharp.</p>', '<ul><li>Sharp.</li></ul>'))).toBe(true)
  expect(hasUneditableMarkup(`${toggle}<ul><li>After</li></ul>`)).toBe(false)
  expect(hasUneditableMarkup('<details><p>An answer without its question</p></details>')).toBe(true)
})

test('a time next to the date makes a date and time; editing shows the time the post goes live', () => {
  const values = { ...emptyPostValues(now), title: 'Launch', publishedAt: '2030-06-01', publishedTime: '18:30' }
  expect(postPayload(values).publishedAt).toBe('2030-06-01T18:30')
  expect('publishedTime' in postPayload(values)).toBe(false)
  expect(postPayload({ ...values, publishedTime: '' }).publishedAt).toBe('2030-06-01')
})
