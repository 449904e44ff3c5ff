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

test('keeps at most its byte budget, counting a value once it is weighed, oldest first out', () => {
  const cache = createVersionedLru<string>(100, 10)
  cache.set('a', 'v1', 'A', 4)
  cache.set('b', 'v1', 'B')
  cache.weigh('b', 'B', 4)
  expect(cache.bytes()).toBe(8)
  cache.set('c', 'v1', 'C', 4)
  expect([cache.get('a', 'v1'), cache.get('b', 'v1'), cache.get('c', 'v1')]).toEqual([undefined, 'B', 'C'])
  expect(cache.bytes()).toBe(8)
  cache.weigh('b', 'other value', 10)
  expect(cache.bytes()).toBe(8)
})

test('a value larger than the whole budget is not kept, and pushes nothing else out', () => {
  const cache = createVersionedLru<string>(100, 10)
  cache.set('a', 'v1', 'A', 4)
  cache.set('huge', 'v1', 'H', 11)
  cache.set('late', 'v1', 'L')
  cache.weigh('late', 'L', 11)
  expect([cache.get('a', 'v1'), cache.get('huge', 'v1'), cache.get('late', 'v1')]).toEqual(['A', undefined, undefined])
  expect(cache.bytes()).toBe(4)
})

test('entries of an old content version give their bytes back when found stale or forgotten', () => {
  const cache = createVersionedLru<string>(100, 10)
  cache.set('a', 'v1', 'A', 4)
  cache.set('b', 'v1', 'B', 4)
  expect(cache.get('a', 'v2')).toBeUndefined()
  cache.forget('b', 'B')
  expect(cache.bytes()).toBe(0)
})
