import { expect, test } from 'bun:test'
import { createVersionedLru } from './versioned-lru'

test('keeps at most its size, dropping the least recently used entry first', () => {
  const cache = createVersionedLru<string>(2)
  cache.set('a', 'v1', 'A')
  cache.set('b', 'v1', 'B')
  expect(cache.get('a', 'v1')).toBe('A')
  cache.set('c', 'v1', 'C')
  expect([cache.get('a', 'v1'), cache.get('b', 'v1'), cache.get('c', 'v1')]).toEqual(['A', undefined, 'C'])
  expect(cache.size()).toBe(2)
})

test('an entry made under another content version is gone', () => {
  const cache = createVersionedLru<string>(10)
  cache.set('a', 'v1', 'A')
  expect(cache.get('a', 'v2')).toBeUndefined()
  expect(cache.get('a', 'v1')).toBeUndefined()
  expect(cache.size()).toBe(0)
})

test('forget leaves a newer value in place', () => {
  const cache = createVersionedLru<string>(10)
  cache.set('a', 'v1', 'old')
  cache.set('a', 'v1', 'new')
  cache.forget('a', 'old')
  expect(cache.get('a', 'v1')).toBe('new')
  cache.forget('a', 'new')
  expect(cache.get('a', 'v1')).toBeUndefined()
})
