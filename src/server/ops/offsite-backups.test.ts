import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { memoryLogger } from '../../../tests/support/memory-logger'
import { syncOffsite } from './offsite-backups'
import type { OffsiteStore } from './offsite-store'

const dir = mkdtempSync(join(tmpdir(), 'site-offsite-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const day = (n: number) => `site-2026110${n}-030000.db`

/** A bucket in memory (name → bytes) that fails what `failing` names: the listing, or an upload. */
function memoryStore() {
  const objects = new Map<string, number>()
  const failing = new Set<string>()
  const store: OffsiteStore = {
    url: 's3://bucket/site',
    async list() {
      if (failing.has('list')) throw new Error('connection refused')
      return [...objects].map(([name, bytes]) => ({ name, bytes }))
    },
    async upload(file, name) {
      if (failing.has(name)) throw new Error('connection reset')
      objects.set(name, statSync(file).size)
      return { bytes: statSync(file).size, sha256: 'ok' }
    },
    async delete(name) {
      objects.delete(name)
    },
  }
  return { store, objects, failing }
}

const { logger, logs } = memoryLogger()

const writeBackups = (...names: string[]) => {
  for (const name of names) writeFileSync(join(dir, name), `backup ${name}`)
}
const deleteBackups = (...names: string[]) => {
  for (const name of names) rmSync(join(dir, name))
}

test('sends the newest backups the bucket lacks, never an operator’s, and expires by the folder’s rule', async () => {
  const { store, objects } = memoryStore()
  writeBackups(day(1), day(2), day(3), 'site-manual-20261109-000000.db', 'notes.txt')
  // Of three, two are kept: the oldest is not worth sending.
  expect(await syncOffsite(store, dir, 2, logger)).toEqual({ uploaded: [day(2), day(3)], failed: [], deleted: [] })
  // Nothing new: nothing sent again.
  expect(await syncOffsite(store, dir, 2, logger)).toEqual({ uploaded: [], failed: [], deleted: [] })
  deleteBackups(day(1))
  writeBackups(day(4))
  expect(await syncOffsite(store, dir, 2, logger)).toEqual({ uploaded: [day(4)], failed: [], deleted: [day(2)] })
  expect([...objects.keys()].sort()).toEqual([day(3), day(4)])
  deleteBackups(day(2), day(3), day(4), 'site-manual-20261109-000000.db', 'notes.txt')
})

test('a failed upload keeps the older copies, and is sent at the next run; a copy of another size is sent again', async () => {
  const { store, objects, failing } = memoryStore()
  writeBackups(day(5), day(6))
  await syncOffsite(store, dir, 2, logger)
  writeBackups(day(7))
  failing.add(day(7))
  logs.length = 0
  // The bucket keeps both it has: deleting the older would leave it one copy.
  expect(await syncOffsite(store, dir, 2, logger)).toEqual({ uploaded: [], failed: [day(7)], deleted: [] })
  expect(logs.map((log) => [log.level, log.message])).toEqual([
    ['error', 'off-site backup upload failed: retried at the next backup'],
  ])
  failing.delete(day(7))
  expect(await syncOffsite(store, dir, 2, logger)).toEqual({ uploaded: [day(7)], failed: [], deleted: [day(5)] })

  // A stored copy whose size is not the file's is not taken for it.
  objects.set(day(7), 3)
  expect((await syncOffsite(store, dir, 2, logger)).uploaded).toEqual([day(7)])
  expect(objects.get(day(7))).toBe(statSync(join(dir, day(7))).size)
  deleteBackups(day(5), day(6), day(7))
})

test('a bucket that cannot be listed counts the newest backup as not sent, and deletes nothing', async () => {
  const { store, objects, failing } = memoryStore()
  writeBackups(day(8), day(9))
  failing.add('list')
  logs.length = 0
  expect(await syncOffsite(store, dir, 1, logger)).toEqual({ uploaded: [], failed: [day(9)], deleted: [] })
  expect(logs.map((log) => log.level)).toEqual(['error'])
  failing.delete('list')
  expect((await syncOffsite(store, dir, 1, logger)).uploaded).toEqual([day(9)])
  expect([...objects.keys()]).toEqual([day(9)])
})
