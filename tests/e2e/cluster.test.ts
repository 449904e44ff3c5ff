import { afterAll, beforeAll, expect, test } from 'bun:test'
import { inArray } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { openDatabase } from '../../src/server/db/client'
import { jobApplications, posts } from '../../src/server/db/schema'
import type { MediaUpload } from '../../src/shared/media'
import { png, uploadForm } from '../support/images'
import { type SqldServer, startSqld } from '../support/sqld'
import { type RunningServer, startServer } from './support/server'

const PASSWORD = 'cluster-admin-password'

let sqld: SqldServer
let apps: RunningServer[] = []

/** A client address of the test's choosing (the apps trust X-Forwarded-For), so each check has its own limits. */
const from = (address: string) => ({ 'x-forwarded-for': address })

const json = (app: RunningServer, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  origin: app.url,
  ...extra,
})

async function login(app: RunningServer, password: string, address: string): Promise<Response> {
  return fetch(`${app.url}/api/admin/login`, {
    method: 'POST',
    headers: json(app, from(address)),
    body: JSON.stringify({ password }),
  })
}

async function createPost(app: RunningServer, cookie: string, title: string, status = 'published') {
  return fetch(`${app.url}/api/blog`, {
    method: 'POST',
    headers: json(app, { cookie }),
    body: JSON.stringify({ title, content: `<p>${title}</p>`, status }),
  })
}

/** Waits for `/healthz`: startServer gives up quietly after 15 s, which a loaded machine can take. */
async function healthy(app: RunningServer): Promise<void> {
  const deadline = Date.now() + 40_000
  while (Date.now() < deadline) {
    if (app.process.exitCode !== null) break
    const status = await fetch(`${app.url}/healthz`).then(
      (res) => res.status,
      () => 0,
    )
    if (status === 200) return
    await Bun.sleep(100)
  }
  throw new Error(`the app did not become healthy:\n${app.output()}`)
}

beforeAll(async () => {
  sqld = await startSqld()
  const env = {
    DATABASE_URL: sqld.url,
    DATABASE_AUTH_TOKEN: sqld.authToken,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: 'true',
  }
  // One first (it migrates and seeds), then the other two together.
  // Each is in `apps` as soon as it runs, so afterAll stops it whatever happens next.
  apps = [await startServer(env)]
  await healthy(apps[0]!)
  apps.push(...(await Promise.all([startServer(env), startServer(env)])))
  await Promise.all(apps.map(healthy))
}, 120_000)

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await sqld?.dispose()
})

test('a session made on one process is valid on the others, and a sign-out on one ends it everywhere', async () => {
  const res = await login(apps[0]!, PASSWORD, '198.51.100.1')
  expect(res.status).toBe(200)
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!
  for (const app of apps) {
    expect((await fetch(`${app.url}/api/admin/check`, { headers: { cookie } })).status).toBe(200)
  }
  const out = await fetch(`${apps[1]!.url}/api/admin/logout`, { method: 'POST', headers: json(apps[1]!, { cookie }) })
  expect(out.status).toBeLessThan(300)
  for (const app of apps) {
    expect((await fetch(`${app.url}/api/admin/check`, { headers: { cookie } })).status).toBe(401)
  }
})

test("an edit made through one process shows on the others' public pages within 2 s", async () => {
  const cookie = (await login(apps[0]!, PASSWORD, '198.51.100.2')).headers.get('set-cookie')!.split(';')[0]!
  const created = await createPost(apps[0]!, cookie, 'Cluster Tidings')
  expect(created.status).toBe(201)
  const post = (await created.json()) as { id: number; slug: string }
  const page = (app: RunningServer) => fetch(`${app.url}/blog/${post.slug}`).then((res) => res.text())
  // Rendered and cached on every process before the edit, so what follows is the cache turning over.
  for (const app of apps) expect(await page(app)).toContain('Cluster Tidings')

  const edited = await fetch(`${apps[0]!.url}/api/blog/${post.id}`, {
    method: 'PUT',
    headers: json(apps[0]!, { cookie }),
    body: JSON.stringify({ title: 'Cluster Tidings, Revised', content: '<p>Revised.</p>', status: 'published' }),
  })
  expect(edited.status).toBe(200)
  const savedAt = performance.now()
  const seenAfter = await Promise.all(
    apps.slice(1).map(async (app) => {
      while (performance.now() - savedAt < 5000) {
        const html = await page(app)
        if (html.includes('Cluster Tidings, Revised')) return Math.round(performance.now() - savedAt)
        await Bun.sleep(50)
      }
      return Number.POSITIVE_INFINITY
    }),
  )
  console.log(`cluster: the edit showed on the other two processes after ${seenAfter.join(' and ')} ms`)
  for (const ms of seenAfter) expect(ms).toBeLessThan(2000)
})

test('a media file deleted through one process stops being served by the others within 2 s', async () => {
  const cookie = (await login(apps[0]!, PASSWORD, '198.51.100.5')).headers.get('set-cookie')!.split(';')[0]!
  const uploaded = await fetch(`${apps[0]!.url}/api/media`, {
    method: 'POST',
    headers: { origin: apps[0]!.url, cookie },
    body: uploadForm(Uint8Array.from(await png(320, 200)), 'cluster.png', 'image/png', 'A cluster picture'),
  })
  expect(uploaded.status).toBe(201)
  const media = (await uploaded.json()) as MediaUpload
  const status = (app: RunningServer) => fetch(`${app.url}${media.url}`).then((res) => res.status)
  // Asked for twice on every process, so each keeps it in memory and answers it from there.
  for (const app of apps) for (const _ of [1, 2]) expect(await status(app)).toBe(200)

  const removed = await fetch(`${apps[0]!.url}/api/media/${media.id}`, {
    method: 'DELETE',
    headers: json(apps[0]!, { cookie }),
  })
  expect(removed.status).toBe(200)
  const removedAt = performance.now()
  const goneAfter = await Promise.all(
    apps.slice(1).map(async (app) => {
      while (performance.now() - removedAt < 5000) {
        if ((await status(app)) === 404) return Math.round(performance.now() - removedAt)
        await Bun.sleep(50)
      }
      return Number.POSITIVE_INFINITY
    }),
  )
  console.log(
    `cluster: the deleted file stopped being served by the other two processes after ${goneAfter.join(' and ')} ms`,
  )
  for (const ms of goneAfter) expect(ms).toBeLessThan(2000)
})

test('login limits are shared: failures on one process count on the others', async () => {
  const address = '203.0.113.7'
  // Five free failures, spread over the three processes; the sixth locks the client out everywhere.
  for (let i = 0; i < 5; i++) expect((await login(apps[i % 3]!, 'wrong-password', address)).status).toBe(401)
  expect((await login(apps[2]!, 'wrong-password', address)).status).toBe(429)
  for (const app of apps) expect((await login(app, PASSWORD, address)).status).toBe(429)
  // Another client is not affected.
  expect((await login(apps[1]!, PASSWORD, '203.0.113.8')).status).toBe(200)
})

/** Half posts (through the admin API), half job applications (public), all sent at once. */
const WRITES_PER_PROCESS = 40

test('concurrent writes from all three processes lose nothing', async () => {
  const cookie = (await login(apps[0]!, PASSWORD, '198.51.100.3')).headers.get('set-cookie')!.split(';')[0]!
  const postIds: number[] = []
  const applicationIds: number[] = []
  const failures: string[] = []
  const writes = apps.flatMap((app, a) =>
    Array.from({ length: WRITES_PER_PROCESS }, async (_, i) => {
      const res =
        i % 2 === 0
          ? await createPost(app, cookie, `Parallel ${a}-${i}`, i % 4 === 0 ? 'published' : 'draft')
          : await fetch(`${app.url}/api/job-applications`, {
              method: 'POST',
              headers: json(app, from(`192.0.2.${a * WRITES_PER_PROCESS + i}`)),
              body: JSON.stringify({
                jobId: 1,
                fullName: `Parallel ${a}-${i}`,
                email: 'parallel@example.com',
                coverLetter: 'c',
                resumeText: 'r',
              }),
            })
      if (res.status !== 201) failures.push(`${res.status} ${await res.text()}`)
      else (i % 2 === 0 ? postIds : applicationIds).push(((await res.json()) as { id: number }).id)
    }),
  )
  const startedAt = performance.now()
  await Promise.all(writes)
  console.log(
    `cluster: ${postIds.length} posts and ${applicationIds.length} applications written at once through three processes in ${Math.round(performance.now() - startedAt)} ms`,
  )
  if (failures.length > 0) {
    for (const app of apps)
      console.log(
        app
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":"error"'))
          .join('\n'),
      )
  }
  expect(failures).toEqual([])
  const db = await openDatabase({ url: sqld.url, authToken: sqld.authToken })
  try {
    const storedPosts = await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, postIds))
    const storedApplications = await db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(inArray(jobApplications.id, applicationIds))
    expect(postIds.length + applicationIds.length).toBe(3 * WRITES_PER_PROCESS)
    expect(storedPosts.length).toBe(postIds.length)
    expect(storedApplications.length).toBe(applicationIds.length)
  } finally {
    db.$client.close()
  }
})

test('after the database server is killed under writes and restarted, every process recovers without a restart', async () => {
  const cookie = (await login(apps[0]!, PASSWORD, '198.51.100.4')).headers.get('set-cookie')!.split(';')[0]!
  // Writes keep coming from all three while the server is killed: each is stored (201), refused as
  // unavailable (503) or, cut after it went out, said to be in doubt (504), never a 500. None that was
  // acknowledged is missing afterwards, and none that was refused is there (decision 0048).
  const acknowledged: number[] = []
  const refused: string[] = []
  const statuses = new Map<number, number>()
  let writing = true
  const writers = apps.map(async (app, a) => {
    for (let i = 0; writing; i++) {
      const title = `Under fire ${a}-${i}`
      const res = await createPost(app, cookie, title, 'draft')
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id)
      else await res.body?.cancel()
      if (res.status === 503) refused.push(title)
    }
  })
  while (acknowledged.length < 15) await Bun.sleep(5)
  await sqld.kill()
  await Bun.sleep(300)
  writing = false
  await Promise.all(writers)

  for (const [a, app] of apps.entries()) {
    // A read nothing has cached: it needs the database.
    const read = await fetch(`${app.url}/api/blog/search?q=outage-${a}`)
    expect(read.status).toBe(503)
    expect(read.headers.get('retry-after')).toBe('5')
    expect(((await read.json()) as { error: string }).error).toContain('database is not available')
    expect((await createPost(app, cookie, `During the outage ${a}`)).status).toBe(503)
    expect((await fetch(`${app.url}/healthz`)).status).toBe(503)
  }
  const restartedAt = performance.now()
  await sqld.restart()
  for (const [a, app] of apps.entries()) {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
    expect((await fetch(`${app.url}/api/admin/check`, { headers: { cookie } })).status).toBe(200)
    expect((await createPost(app, cookie, `After the outage ${a}`)).status).toBe(201)
    expect((await fetch(`${app.url}/api/blog/search?q=outage-${a}`)).status).toBe(200)
  }
  const recoveredMs = Math.round(performance.now() - restartedAt)
  console.log(`cluster: writes during the kill answered ${JSON.stringify(Object.fromEntries(statuses))}`)
  console.log(`cluster: all three processes read and wrote again ${recoveredMs} ms after sqld came back`)
  expect([...statuses.keys()].filter((status) => ![201, 503, 504].includes(status))).toEqual([])
  expect(statuses.get(201)).toBeGreaterThan(0)
  expect(statuses.get(503)).toBeGreaterThan(0)
  const db = await openDatabase({ url: sqld.url, authToken: sqld.authToken })
  try {
    const stored = await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, acknowledged))
    expect(stored.length).toBe(acknowledged.length)
    expect(await db.select({ title: posts.title }).from(posts).where(inArray(posts.title, refused))).toEqual([])
  } finally {
    db.$client.close()
  }
  for (const app of apps) expect(app.process.exitCode).toBeNull()
})

test('30 wrong authenticator codes sent at once through three processes: 10 are checked, the rest wait', async () => {
  // Last in the file: it leaves two-factor on for the owner.
  const [app] = apps
  const signedIn = await login(app!, PASSWORD, '198.51.100.90')
  expect(signedIn.status).toBe(200)
  const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
  const setup = await fetch(`${app!.url}/api/admin/2fa/setup`, {
    method: 'POST',
    headers: json(app!, { cookie }),
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(setup.status, await setup.clone().text()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate()
  const enabled = await fetch(`${app!.url}/api/admin/2fa/enable`, {
    method: 'POST',
    headers: json(app!, { cookie }),
    body: JSON.stringify({ code }),
  })
  expect(enabled.status).toBe(200)
  // Each from an address of its own, so only the limit on wrong codes from everyone stands in the way.
  const statuses = await Promise.all(
    Array.from({ length: 30 }, (_, i) => {
      const to = apps[i % apps.length]!
      return fetch(`${to.url}/api/admin/login`, {
        method: 'POST',
        headers: json(to, from(`198.18.3.${i}`)),
        body: JSON.stringify({ password: PASSWORD, code: String(100000 + i) }),
      }).then((res) => res.status)
    }),
  )
  expect(statuses.filter((status) => status === 401)).toHaveLength(10)
  expect(statuses.filter((status) => status === 429)).toHaveLength(20)
})
