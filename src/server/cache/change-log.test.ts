import { expect, test } from 'bun:test'
import { createChangeLog, type LoggedChange } from './change-log'

/** A change log that has had its first read: the newest logged change was 10, the version row `v10`. */
function started() {
  const log = createChangeLog()
  log.read({ rows: [], newest: 10, version: 'v10', more: false })
  return log
}

const row = (id: number, keys: string): LoggedChange => ({ id, version: `v${id}`, keys })

test('the first read starts from the newest logged change and knows nothing changed since it', () => {
  const log = createChangeLog()
  expect(log.latest()).toBe(-1)
  log.read({ rows: [], newest: 10, version: 'v10', more: false })
  expect(log.latest()).toBe(10)
  expect(log.epoch()).toBe(0)
  expect(log.changedSince(10)).toEqual(new Set())
  // Before the first change it remembers, it cannot say.
  expect(log.changedSince(9)).toBeNull()
})

test('on an empty change table the first read starts from change 0', () => {
  const log = createChangeLog()
  log.read({ rows: [], newest: null, version: '0', more: false })
  expect(log.latest()).toBe(0)
  log.read({ rows: [row(1, 'posts')], newest: null, version: 'v1', more: false })
  expect(log.changedSince(0)).toEqual(new Set(['posts']))
})

test('what changed since a change is every key logged after it, and only after it', () => {
  const log = started()
  log.read({ rows: [row(11, 'feeds post-1 posts'), row(12, 'feeds tag-3')], newest: null, version: 'v12', more: false })
  log.read({ rows: [row(13, 'post-2 search')], newest: null, version: 'v13', more: false })
  expect(log.latest()).toBe(13)
  expect(log.epoch()).toBe(0)
  expect(log.changedSince(10)).toEqual(new Set(['feeds', 'post-1', 'posts', 'tag-3', 'post-2', 'search']))
  expect(log.changedSince(11)).toEqual(new Set(['feeds', 'tag-3', 'post-2', 'search']))
  expect(log.changedSince(12)).toEqual(new Set(['post-2', 'search']))
  expect(log.changedSince(13)).toEqual(new Set())
})

test('a read that finds nothing new, with the version row where it was, changes nothing', () => {
  const log = started()
  log.read({ rows: [row(11, 'posts')], newest: null, version: 'v11', more: false })
  log.read({ rows: [], newest: null, version: 'v11', more: false })
  expect(log.epoch()).toBe(0)
  expect(log.latest()).toBe(11)
  expect(log.changedSince(10)).toEqual(new Set(['posts']))
})

test('a change to everything turns the epoch over: what came before it cannot be answered, what came after can', () => {
  const log = started()
  log.read({ rows: [row(11, 'posts'), row(12, '*'), row(13, 'post-5')], newest: null, version: 'v13', more: false })
  expect(log.epoch()).toBe(1)
  expect(log.latest()).toBe(13)
  expect(log.changedSince(10)).toBeNull()
  expect(log.changedSince(11)).toBeNull()
  expect(log.changedSince(12)).toEqual(new Set(['post-5']))
})

test('the version row moving with no change logged (an older release wrote it) turns the epoch over', () => {
  const log = started()
  log.read({ rows: [row(11, 'posts')], newest: null, version: 'v11', more: false })
  log.read({ rows: [], newest: null, version: 'written-by-an-older-release', more: false })
  expect(log.epoch()).toBe(1)
  expect(log.changedSince(10)).toBeNull()
  expect(log.changedSince(11)).toEqual(new Set())
})

test('the version row moving past the last change read turns the epoch over', () => {
  const log = started()
  log.read({ rows: [row(11, 'posts')], newest: null, version: 'written-after-11', more: false })
  expect(log.epoch()).toBe(1)
  expect(log.changedSince(10)).toBeNull()
})

test('more changes than one read brings turns the epoch over', () => {
  const log = started()
  log.read({ rows: [row(11, 'posts'), row(12, 'post-1')], newest: null, version: 'v12', more: true })
  expect(log.epoch()).toBe(1)
  expect(log.latest()).toBe(12)
  expect(log.changedSince(10)).toBeNull()
  expect(log.changedSince(12)).toEqual(new Set())
})

test('turnOver, as a scheduled post comes due, starts a new epoch from the latest change', () => {
  const log = started()
  log.read({ rows: [row(11, 'posts')], newest: null, version: 'v11', more: false })
  log.turnOver()
  expect(log.epoch()).toBe(1)
  expect(log.changedSince(10)).toBeNull()
  expect(log.changedSince(11)).toEqual(new Set())
})

test('a change older than the 500 remembered cannot be answered; the 500 newest still can', () => {
  const log = started()
  // 600 changes after change 10, read 200 at a time as content-version.ts reads them.
  for (let first = 11; first <= 610; first += 200) {
    const rows = Array.from({ length: 200 }, (_, i) => row(first + i, `post-${first + i}`))
    log.read({ rows, newest: null, version: rows.at(-1)!.version, more: false })
  }
  expect(log.latest()).toBe(610)
  expect(log.epoch()).toBe(0)
  expect(log.changedSince(10)).toBeNull()
  expect(log.changedSince(109)).toBeNull()
  const remembered = log.changedSince(110)
  expect(remembered?.size).toBe(500)
  expect(remembered?.has('post-111')).toBe(true)
  expect(remembered?.has('post-610')).toBe(true)
  expect(log.changedSince(600)).toEqual(new Set(Array.from({ length: 10 }, (_, i) => `post-${601 + i}`)))
})
