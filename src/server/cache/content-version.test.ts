import { afterEach, beforeEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/libsql'
import { adminClient } from '../../../tests/support/admin-client'
import { copyMigratedDatabase } from '../../../tests/support/template-database'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import type { PostDetail, TagRef } from '../../shared/blog'
import { type Database, openDatabase } from '../db/client'
import * as schema from '../db/schema'
import { appSettings, posts } from '../db/schema'
import { createContentVersion } from './content-version'

let now: number
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeEach(async () => {
  now = Date.UTC(2030, 4, 20, 15)
  t = await createTestApp({ now: () => now, seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterEach(() => t.close())

/** The version every process compares its caches with, as stored. */
const storedVersion = async () =>
  (await t.db.select().from(appSettings).where(eq(appSettings.key, 'content_version')))[0]?.value ?? null

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Fountain Races',
  content: '<p>Ride the rapids.</p>',
  status: 'draft',
  ...over,
})

/** Runs `write` and says whether it changed the stored content version. */
async function changesVersion(write: () => Promise<Response>, expectedStatus: number): Promise<boolean> {
  const before = await storedVersion()
  now += 1000
  const res = await write()
  expect(res.status).toBe(expectedStatus)
  return (await storedVersion()) !== before
}

test('only writes that change what the public sees change the content version', async () => {
  const seeded = await storedVersion()
  const tag = (await admin.json<TagRef>('POST', '/api/tags', { name: 'Races', slug: 'races' })).id
  expect(await storedVersion()).toBe(seeded)

  let id = 0
  expect(
    await changesVersion(async () => {
      const res = await admin.request('POST', '/api/blog', post({ tags: [tag] }))
      id = ((await res.clone().json()) as PostDetail).id
      return res
    }, 201),
  ).toBe(false)
  expect(await changesVersion(() => admin.request('PUT', `/api/blog/${id}`, post({ title: 'Edited' })), 200)).toBe(
    false,
  )
  expect(await changesVersion(() => admin.request('POST', '/api/tags', { name: 'Unused', slug: 'unused' }), 201)).toBe(
    false,
  )

  // Publishing, editing a published post and unpublishing all change public pages.
  const publish = () => admin.request('PUT', `/api/blog/${id}`, post({ status: 'published', tags: [tag] }))
  expect(await changesVersion(publish, 200)).toBe(true)
  expect(await changesVersion(publish, 200)).toBe(true)
  expect(await changesVersion(() => admin.request('PUT', `/api/blog/${id}`, post({ tags: [tag] })), 200)).toBe(true)

  // A tag on a draft only is invisible; on a published post, its removal changes that post's page.
  expect(await changesVersion(() => admin.request('DELETE', `/api/tags/${tag}`), 200)).toBe(false)
  const [published] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.status, 'published')).limit(1)
  const onPublished = (await admin.json<TagRef>('POST', '/api/tags', { name: 'Shown', slug: 'shown' })).id
  const detail = await admin.json<PostDetail>('GET', `/api/blog/${published!.id}`)
  expect(
    await changesVersion(
      () =>
        admin.request('PUT', `/api/blog/${published!.id}`, {
          title: detail.title,
          content: detail.content,
          status: 'published',
          tags: [onPublished],
        }),
      200,
    ),
  ).toBe(true)
  expect(await changesVersion(() => admin.request('DELETE', `/api/tags/${onPublished}`), 200)).toBe(true)

  // Deleting a draft changes nothing public; deleting a published post does.
  expect(await changesVersion(() => admin.request('DELETE', `/api/blog/${id}`), 200)).toBe(false)
  expect(await changesVersion(() => admin.request('DELETE', `/api/blog/${published!.id}`), 200)).toBe(true)
})

test('the new version commits with the content or not at all, and this process sees it at once', async () => {
  const version = createContentVersion(t.db, () => now)
  const initial = await version.current()
  const seeded = await storedVersion()
  await expect(
    version.write(async (tx, changed) => {
      await tx.update(posts).set({ title: 'Never saved' })
      changed()
      throw new Error('the write failed')
    }),
  ).rejects.toThrow('the write failed')
  expect(await storedVersion()).toBe(seeded)
  expect(await version.current()).toBe(initial)
  expect((await t.db.select().from(posts).where(eq(posts.title, 'Never saved'))).length).toBe(0)

  await version.write(async (_tx, changed) => changed())
  const stored = await storedVersion()
  expect(stored).not.toBe(seeded)
  // No second of waiting: the writer's own process has the new value at once.
  expect((await version.current()).startsWith(`${stored!}|`)).toBe(true)
})

test('when the version cannot be stored, the content write is undone too', async () => {
  const version = createContentVersion(t.db, () => now)
  const initial = await version.current()
  for (const event of ['INSERT', 'UPDATE']) {
    await t.db.$client.execute(
      `CREATE TRIGGER refuse_version_${event} BEFORE ${event} ON app_settings WHEN NEW.key = 'content_version' BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    )
  }
  await expect(
    version.write(async (tx, changed) => {
      await tx.update(posts).set({ title: 'Half written' })
      changed()
    }),
  ).rejects.toThrow()
  expect((await t.db.select().from(posts).where(eq(posts.title, 'Half written'))).length).toBe(0)
  expect(await version.current()).toBe(initial)
})

test('a read that began before this process committed cannot bring the old version back', async () => {
  // The real database, with the answer to the version check held back until the test lets it through:
  // the check reads the old row, the write commits, then the old answer arrives.
  let deliver!: () => void
  const held = new Promise<void>((resolve) => {
    deliver = resolve
  })
  const slowReads = new Proxy(t.db, {
    get(target, property, receiver) {
      if (property !== 'select') return Reflect.get(target, property, receiver)
      return (...args: Parameters<typeof target.select>) => {
        const query = target.select(...args)
        return {
          from: (table: Parameters<typeof query.from>[0]) => {
            const from = query.from(table)
            const late = (answer: PromiseLike<unknown>) => held.then(() => answer)
            return {
              where: (...condition: Parameters<typeof from.where>) => late(Promise.resolve(from.where(...condition))),
              // biome-ignore lint/suspicious/noThenProperty: a query of every row (the events') is awaited without a where
              then: (resolve: (value: unknown) => unknown, reject: (error: unknown) => unknown) =>
                late(Promise.resolve(from)).then(resolve, reject),
            }
          },
        }
      }
    },
  })
  const version = createContentVersion(slowReads, () => now)
  const checking = version.current()
  await Bun.sleep(20)
  await version.write(async (_tx, changed) => changed())
  const written = await storedVersion()
  // Asked after the commit, while the older read is still out: it must not be handed that read's answer.
  const askedAfter = version.current()
  deliver()
  await checking
  expect((await askedAfter).startsWith(`${written!}|`)).toBe(true)
  expect((await version.current()).startsWith(`${written!}|`)).toBe(true)
})

test('a scheduled post coming due changes the version at once, not at the next once-a-second check', async () => {
  const version = createContentVersion(t.db, () => now)
  const dueAt = new Date(now + 500).toISOString()
  const res = await admin.request('POST', '/api/blog', post({ status: 'published', publishedAt: dueAt }))
  expect(res.status).toBe(201)
  const before = await version.current()
  now += 400
  expect(await version.current()).toBe(before)
  now += 200
  expect(await version.current()).not.toBe(before)
})

test('proxy fetches overlapping one another (refresh) still bring the other process’s change, at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-version-refresh-'))
  await copyMigratedDatabase(join(dir, 'site.db'))
  const url = `file:${join(dir, 'site.db')}`
  const writer = await openDatabase({ url })
  const raw = createClient({ url })
  // Each statement 5 ms late, as over HTTP to a libSQL server: reads overlap the next proxy fetch.
  const late = new Proxy(raw, {
    get(target, property) {
      const value = Reflect.get(target, property)
      if (property === 'execute' || property === 'batch')
        return async (...args: unknown[]) => {
          await Bun.sleep(5)
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const reader = createContentVersion(drizzle(late, { schema }) as unknown as Database)
  const before = await reader.current()
  await createContentVersion(writer).write(async (_tx, changed) => changed(['post-1']))
  let last = before
  const until = Date.now() + 300
  while (Date.now() < until) {
    void reader.refresh().then(
      (seen) => {
        last = seen
      },
      () => undefined,
    )
    await Bun.sleep(3)
  }
  expect(last).not.toBe(before)
  expect(reader.changedSince(0)).toEqual(new Set(['post-1', 'feeds', 'search']))
  // The last reads end before the connections close.
  await Bun.sleep(100)
  writer.$client.close()
  raw.close()
  rmSync(dir, { recursive: true, force: true })
})
