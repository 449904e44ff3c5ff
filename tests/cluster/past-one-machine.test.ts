import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, startServer } from '../e2e/support/server'
import { freePort } from '../support/free-port'
import { replicaOf, type SqldServer, startSqld } from '../support/sqld'
import { type RunningVarnish, startVarnish } from '../support/varnish'

/*
 * The deployment of docs/operations.md ("Past one machine") as processes on this machine: sqld, three app
 * processes each on its own embedded replica, Varnish in front. A minute of mixed load through Varnish with
 * admin writes, and sqld killed for ten seconds in the middle. `bun run test:cluster` (a slow suite of its own).
 */
const PASSWORD = 'past-one-machine-owner'
const PURGE_TOKEN = 'past-one-machine-purge-token'
const LOAD_SECONDS = 60
const OUTAGE_AT_SECONDS = 25
const OUTAGE_SECONDS = 10
const dir = mkdtempSync(join(tmpdir(), 'site-past-one-machine-'))
let sqld: SqldServer
let apps: RunningServer[] = []
let varnish: RunningVarnish | undefined
let cookie = ''

beforeAll(async () => {
  sqld = await startSqld()
  const port = freePort()
  const env = (name: string) => ({
    ...replicaOf(sqld, join(dir, name, 'replica.db')),
    ADMIN_PASSWORD: PASSWORD,
    PURGE_URLS: `http://127.0.0.1:${port}`,
    PURGE_TOKEN,
  })
  apps = [await startServer(env('a'))]
  apps.push(...(await Promise.all([startServer(env('b')), startServer(env('c'))])))
  varnish = await startVarnish(
    apps.map((app) => ({ host: '127.0.0.1', port: Number(new URL(app.url).port) })),
    { port, purgeToken: PURGE_TOKEN },
  )
  const login = await fetch(`${apps[0]!.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: apps[0]!.url },
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(login.status).toBe(200)
  cookie = login.headers.get('set-cookie')!.split(';')[0]!
}, 120_000)

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await varnish?.stop()
  await sqld?.dispose()
  rmSync(dir, { recursive: true, force: true })
})

const sleep = (ms: number) => Bun.sleep(ms)

interface Saved {
  id: number
  slug: string
}

test('a minute of load through Varnish with writes and a 10 s outage: nothing lost, no 5xx for pages rendered before', async () => {
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000
  const fiveHundreds: string[] = []
  let reads = 0
  const acknowledged: Saved[] = []
  const propagation: number[] = []

  // Pages every visitor asks for, rendered (and kept by Varnish and the apps) before the outage.
  const pages = ['/', '/blog', '/blog?page=2', '/jobs', '/rdc25', '/rss.xml']
  const list = (await (await fetch(`${apps[0]!.url}/api/blog?limit=6`)).json()) as { posts: Saved[] }
  for (const post of list.posts) pages.push(`/blog/${post.slug}`)
  for (const path of pages) for (const app of apps) expect((await fetch(`${app.url}${path}`)).status).toBe(200)

  const readers = Array.from({ length: 6 }, async (_, n) => {
    for (let i = n; elapsed() < LOAD_SECONDS; i++) {
      const path = pages[i % pages.length]!
      // Most through Varnish, some straight to an app (what Varnish misses reach).
      const base = i % 4 === 0 ? apps[i % apps.length]!.url : varnish!.url
      const res = await fetch(`${base}${path}`).catch(() => null)
      reads++
      if (!res || res.status >= 500)
        fiveHundreds.push(`${elapsed().toFixed(1)} s ${base}${path} ${res?.status ?? 'no answer'}`)
      await res?.arrayBuffer()
    }
  })

  const save = (app: RunningServer, title: string) =>
    fetch(`${app.url}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, cookie },
      body: JSON.stringify({ title, content: `<p>${title}</p>`, status: 'published' }),
    })

  /** Until `app` reads the post (its API read, from its replica); ms, or -1 after 3 s. */
  const readBack = async (app: RunningServer, slug: string) => {
    const from = performance.now()
    while (performance.now() - from < 3000) {
      if ((await fetch(`${app.url}/api/blog/slug/${slug}`)).status === 200) return performance.now() - from
      await sleep(20)
    }
    return -1
  }

  const writer = (async () => {
    let n = 0
    let resumedAfter = -1
    let editedBeforeOutage = false
    while (elapsed() < LOAD_SECONDS) {
      if (!editedBeforeOutage && elapsed() >= OUTAGE_AT_SECONDS) {
        // An edit just before the outage, read everywhere, then the server goes for ten seconds.
        const edited = list.posts[0]!
        const full = (await (await fetch(`${apps[0]!.url}/api/blog/${edited.id}`, { headers: { cookie } })).json()) as {
          slug: string
          content: string
        }
        const res = await fetch(`${apps[0]!.url}/api/blog/${edited.id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', origin: apps[0]!.url, cookie },
          body: JSON.stringify({
            title: 'Edited Before The Outage',
            slug: full.slug,
            content: full.content,
            status: 'published',
          }),
        })
        expect(res.status).toBe(200)
        for (const app of apps) expect(await readBack(app, full.slug)).toBeGreaterThanOrEqual(0)
        editedBeforeOutage = true
        await sqld.kill()
        const refused = await save(apps[1]!, 'Written During The Outage')
        expect(refused.status).toBe(503)
        await sleep(OUTAGE_SECONDS * 1000)
        await sqld.restart()
        const back = performance.now()
        for (;;) {
          const res = await save(apps[n % apps.length]!, `After the outage ${n}`)
          if (res.status === 201) {
            acknowledged.push((await res.json()) as Saved)
            resumedAfter = performance.now() - back
            break
          }
          await res.arrayBuffer()
          await sleep(50)
        }
        continue
      }
      const app = apps[n % apps.length]!
      const res = await save(app, `Load ${n++} ${crypto.randomUUID().slice(0, 6)}`)
      if (res.status !== 201) {
        fiveHundreds.push(`write ${res.status}: ${await res.text()}`)
        continue
      }
      const post = (await res.json()) as Saved
      acknowledged.push(post)
      // At once on the process that saved it; within a second on the others.
      expect((await fetch(`${app.url}/api/blog/slug/${post.slug}`)).status).toBe(200)
      for (const other of apps.filter((one) => one !== app)) propagation.push(await readBack(other, post.slug))
      await sleep(250)
    }
    return resumedAfter
  })()

  const [resumedAfter] = await Promise.all([writer, ...readers])
  const slowest = Math.max(...propagation)
  console.log(
    `past one machine: ${reads} reads, ${acknowledged.length} writes acknowledged, read back on every process in at most ${Math.round(slowest)} ms (p50 ${Math.round(propagation.sort((a, b) => a - b)[Math.floor(propagation.length / 2)]!)} ms), writes resumed ${Math.round(resumedAfter)} ms after the server came back, ${fiveHundreds.length} answers 5xx`,
  )
  expect(fiveHundreds).toEqual([])
  expect(propagation.every((ms) => ms >= 0 && ms < 1000)).toBe(true)
  expect(resumedAfter).toBeGreaterThanOrEqual(0)
  expect(resumedAfter).toBeLessThan(2000)

  // Nothing acknowledged is missing: on the server, and on every replica.
  for (const post of acknowledged)
    for (const app of apps)
      expect([post.slug, (await fetch(`${app.url}/api/blog/slug/${post.slug}`)).status]).toEqual([post.slug, 200])
}, 180_000)
