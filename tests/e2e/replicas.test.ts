import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { replicaOf, type SqldServer, startSqld } from '../support/sqld'
import { type RunningServer, startServer } from './support/server'

/*
 * Two app processes on embedded replicas (DATABASE_URL a local file each, DATABASE_SYNC_URL the libSQL
 * server): reads local, writes on the server, each process reading its own writes at once and the other's
 * within a second; the server killed, pages still served from the replicas.
 */
const PASSWORD = 'replica-owner-password'
const dir = mkdtempSync(join(tmpdir(), 'site-replicas-'))
let sqld: SqldServer
let apps: RunningServer[] = []
let cookie = ''

const json = (app: RunningServer, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  origin: app.url,
  ...extra,
})

beforeAll(async () => {
  sqld = await startSqld()
  const env = (name: string) => ({
    ...replicaOf(sqld, join(dir, name, 'replica.db')),
    ADMIN_PASSWORD: PASSWORD,
  })
  // The first migrates and seeds the server; the second starts on what it finds there.
  apps = [await startServer(env('a'))]
  apps.push(await startServer(env('b')))
  const login = await fetch(`${apps[0]!.url}/api/admin/login`, {
    method: 'POST',
    headers: json(apps[0]!),
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(login.status).toBe(200)
  cookie = login.headers.get('set-cookie')!.split(';')[0]!
}, 120_000)

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await sqld?.dispose()
  rmSync(dir, { recursive: true, force: true })
})

async function createPost(app: RunningServer, title: string) {
  return fetch(`${app.url}/api/blog`, {
    method: 'POST',
    headers: json(app, { cookie }),
    body: JSON.stringify({ title, content: `<p>${title}</p>`, status: 'published' }),
  })
}

/** How long until `app` answers `path` with 200, polling; -1 when it never does within `withinMs`. */
async function readableAfter(app: RunningServer, path: string, withinMs = 3000) {
  const start = performance.now()
  while (performance.now() - start < withinMs) {
    if ((await fetch(`${app.url}${path}`)).status === 200) return performance.now() - start
    await Bun.sleep(20)
  }
  return -1
}

test('a post saved is readable at once on the process that saved it, and on the other within a second', async () => {
  const acknowledged: { id: number; slug: string }[] = []
  for (let i = 0; i < 5; i++) {
    const res = await createPost(apps[i % 2]!, `Replicated ${i} ${crypto.randomUUID().slice(0, 6)}`)
    expect(res.status).toBe(201)
    const post = (await res.json()) as { id: number; slug: string }
    acknowledged.push(post)
    // At once where it was saved: the API read and the page.
    expect((await fetch(`${apps[i % 2]!.url}/api/blog/slug/${post.slug}`)).status).toBe(200)
    expect((await fetch(`${apps[i % 2]!.url}/blog/${post.slug}`)).status).toBe(200)
    const elsewhere = await readableAfter(apps[(i + 1) % 2]!, `/blog/${post.slug}`)
    expect(elsewhere).toBeGreaterThanOrEqual(0)
    expect(elsewhere).toBeLessThan(1000)
  }
})

test('a staff member reads every process’s writes at once, wherever the request lands: sessions and posts', async () => {
  for (let i = 0; i < 5; i++) {
    const signedIn = await fetch(`${apps[0]!.url}/api/admin/login`, {
      method: 'POST',
      headers: json(apps[0]!),
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(signedIn.status).toBe(200)
    const session = signedIn.headers.get('set-cookie')!.split(';')[0]!
    // The other process, at once: the session is valid there too.
    expect((await fetch(`${apps[1]!.url}/api/admin/check`, { headers: { cookie: session } })).status).toBe(200)
    const created = await createPost(apps[0]!, `Edited Elsewhere ${i} ${crypto.randomUUID().slice(0, 6)}`)
    const post = (await created.json()) as { id: number; slug: string }
    const there = await fetch(`${apps[1]!.url}/api/blog/${post.id}`, { headers: { cookie: session } })
    expect(there.status).toBe(200)
    const saved = await fetch(`${apps[1]!.url}/api/blog/${post.id}`, {
      method: 'PUT',
      headers: json(apps[1]!, { cookie: session }),
      body: JSON.stringify({
        title: `Saved On The Other ${i}`,
        slug: post.slug,
        content: '<p>x</p>',
        status: 'published',
      }),
    })
    expect(saved.status).toBe(200)
    // Signed out on one process: refused on the other at once.
    await fetch(`${apps[1]!.url}/api/admin/logout`, { method: 'POST', headers: json(apps[1]!, { cookie: session }) })
    expect((await fetch(`${apps[0]!.url}/api/admin/check`, { headers: { cookie: session } })).status).toBe(401)
  }
})

test('with the server killed, the replicas keep serving pages, writes are refused, and both resume after', async () => {
  const pages = ['/', '/blog', '/jobs', '/rdc25']
  for (const app of apps) for (const path of pages) expect((await fetch(`${app.url}${path}`)).status).toBe(200)
  const before = await createPost(apps[0]!, 'Saved Before The Outage')
  expect(before.status).toBe(201)
  const saved = (await before.json()) as { slug: string }
  // On the other replica within a second; then the server goes.
  const propagated = await readableAfter(apps[1]!, `/api/blog/slug/${saved.slug}`)
  expect(propagated).toBeGreaterThanOrEqual(0)
  expect(propagated).toBeLessThan(1000)

  await sqld.kill()
  for (const app of apps) {
    for (const path of [...pages, `/blog/${saved.slug}`]) {
      const res = await fetch(`${app.url}${path}`)
      expect([app.url, path, res.status]).toEqual([app.url, path, 200])
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(503)
  }
  const refused = await createPost(apps[1]!, 'Written During The Outage')
  expect(refused.status).toBe(503)

  await sqld.restart()
  const back = performance.now()
  let status = 0
  while (performance.now() - back < 5000) {
    status = (await createPost(apps[1]!, `After The Outage ${crypto.randomUUID().slice(0, 6)}`)).status
    if (status === 201) break
    await Bun.sleep(100)
  }
  expect(status).toBe(201)
  expect(performance.now() - back).toBeLessThan(2000)
  expect(apps[0]!.output()).toContain('replica sync failed')
})
