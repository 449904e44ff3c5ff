import { expect, test } from 'bun:test'
import {
  clearLocalDrafts,
  localDraftKey,
  readLocalDraft,
  removeLocalDraft,
  sameFormValues,
  writeLocalDraft,
} from './local-draft'
import { emptyPostValues } from './post-form-values'

class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  full = false
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
}

const values = { ...emptyPostValues(Date.UTC(2030, 0, 1)), title: 'Half written', content: '<p>So far</p>', tags: [3] }

test('a copy is kept per post and read back as it was written', () => {
  const storage = new MemoryStorage()
  expect(writeLocalDraft(storage, localDraftKey(null), { savedAt: 5, basedOn: null, values })).toBe(true)
  expect(readLocalDraft(storage, localDraftKey(null))).toEqual({ savedAt: 5, basedOn: null, values })
  expect(readLocalDraft(storage, localDraftKey(7))).toBeNull()
  removeLocalDraft(storage, localDraftKey(null))
  expect(readLocalDraft(storage, localDraftKey(null))).toBeNull()
})

test('garbage in storage is ignored rather than loaded into the form', () => {
  const storage = new MemoryStorage()
  for (const junk of [
    '{',
    '42',
    '{"savedAt":1}',
    JSON.stringify({ savedAt: 1, basedOn: null, values: { ...values, tags: ['x'] } }),
    JSON.stringify({ savedAt: 1, values }),
  ]) {
    storage.setItem('k', junk)
    expect([junk, readLocalDraft(storage, 'k')]).toEqual([junk, null])
  }
})

test('a full storage is reported, not thrown', () => {
  const storage = new MemoryStorage()
  storage.full = true
  expect(writeLocalDraft(storage, 'k', { savedAt: 1, basedOn: '2030-01-01T00:00:00.000Z', values })).toBe(false)
})

test('unsaved changes are any difference in a field; tag order does not count', () => {
  expect(sameFormValues(values, { ...values })).toBe(true)
  expect(sameFormValues(values, { ...values, title: 'Half written!' })).toBe(false)
  expect(sameFormValues(values, { ...values, featured: true })).toBe(false)
  expect(sameFormValues({ ...values, tags: [1, 2] }, { ...values, tags: [2, 1] })).toBe(true)
  expect(sameFormValues({ ...values, tags: [1, 2] }, { ...values, tags: [2] })).toBe(false)
})

test('clearing removes the copies of every post and nothing else the site keeps', () => {
  const storage = new MemoryStorage()
  for (const postId of [null, 1, 22])
    writeLocalDraft(storage, localDraftKey(postId), { savedAt: 1, basedOn: null, values })
  storage.setItem('theme', 'dark')
  clearLocalDrafts(storage)
  expect([storage.length, storage.getItem('theme')]).toEqual([1, 'dark'])
})

test('a copy from before the search settings existed restores with the defaults; a change to one is unsaved work', () => {
  const storage = new MemoryStorage()
  const { metaTitle: _m, metaDescription: _d, canonicalUrl: _c, noindex: _n, ...older } = values
  storage.setItem('k', JSON.stringify({ savedAt: 1, basedOn: null, values: older }))
  expect(readLocalDraft(storage, 'k')?.values).toEqual(values)
  storage.setItem('k', JSON.stringify({ savedAt: 1, basedOn: null, values: { ...values, noindex: 'yes' } }))
  expect(readLocalDraft(storage, 'k')).toBeNull()
  expect(sameFormValues(values, { ...values, shareTitle: 'Come and see' })).toBe(false)
  expect(sameFormValues(values, { ...values })).toBe(true)
})
