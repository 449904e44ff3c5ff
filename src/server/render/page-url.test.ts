import { expect, test } from 'bun:test'
import { canonicalPageUrl } from './page-url'

const canonical = (path: string) => {
  const url = canonicalPageUrl(new URL(path, 'http://localhost'))
  return `${url.origin === 'http://localhost' ? '' : url.origin}${url.pathname}${url.search}`
}

test('a page keeps only the query parameters it reads, normalized, defaults dropped', () => {
  expect(canonical('/?utm_source=x&fbclid=y&x=1')).toBe('/')
  expect(canonical('/blog?q=%20Golf%20&page=3&ref=z')).toBe('/blog?q=Golf')
  expect(canonical('/blog?utm_campaign=a&page=02')).toBe('/blog?page=2')
  expect(canonical('/blog?page=1')).toBe('/blog')
  expect(canonical('/blog?page=abc&q=%20%20')).toBe('/blog')
  expect(canonical('/BLOG/?page=2&x=1')).toBe('/BLOG/?page=2')
  expect(canonical('/jobs?department=%20Art+%26+Animation%20&gclid=1')).toBe('/jobs?department=Art+%26+Animation')
  expect(canonical('/jobs?department=')).toBe('/jobs')
  expect(canonical('/blog/golf-cart-gamepass?q=golf')).toBe('/blog/golf-cart-gamepass')
  expect(canonical('/jobs/animation-intern?department=Engineering')).toBe('/jobs/animation-intern')
  expect(canonical('/no-such-page?page=2')).toBe('/no-such-page')
  expect(canonical('/blog/tag/updates?page=2&utm_source=x&q=golf')).toBe('/blog/tag/updates?page=2')
  expect(canonical('/blog/tag/updates?page=1')).toBe('/blog/tag/updates')
})

test('the path is kept as it was asked, never resolved against another host', () => {
  const url = canonicalPageUrl(new URL('http://localhost//other.example/?x=1'))
  expect([url.host, url.pathname, url.search]).toEqual(['localhost', '//other.example/', ''])
})
