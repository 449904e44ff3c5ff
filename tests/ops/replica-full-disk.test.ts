import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, startServer } from '../e2e/support/server'
import { replicaOf, type SqldServer, startSqld } from '../support/sqld'
import { OPS_PASSWORD } from './support'

/*
 * A process on an embedded replica (its file on a small disk of its own, a 32 MB tmpfs mounted as root, as CI
 * runs) of a libSQL server, whose disk the test fills to the last byte and then empties again. Writes go to
 * the server, so they still succeed; the replica cannot take them in, so the process reads the server until
 * it can, and says the disk is full on /healthz.
 */
const mount = mkdtempSync(join(tmpdir(), 'site-replica-small-disk-'))
const filler = join(mount, 'filler')
let sqld: SqldServer
let server: RunningServer
let cookie = ''

async function run(command: string[]) {
  const proc = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe' })
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited])
  return { code, stderr }
}

const headers = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  origin: server.url,
  ...extra,
})

beforeAll(async () => {
  const mounted = await run(['mount', '-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', mount])
  if (mounted.code !== 0)
    throw new Error(`a small disk could not be mounted (the test runs as root): ${mounted.stderr}`)
  mkdirSync(join(mount, 'data'))
  sqld = await startSqld()
  server = await startServer({ ...replicaOf(sqld, join(mount, 'data', 'replica.db')), ADMIN_PASSWORD: OPS_PASSWORD })
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ password: OPS_PASSWORD }),
  })
  expect(login.status).toBe(200)
  cookie = login.headers.get('set-cookie')!.split(';')[0]!
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await sqld?.dispose()
  await run(['umount', mount])
  rmSync(mount, { recursive: true, force: true })
})

/** Writes zeros until the disk refuses one more byte. */
const fillDisk = () => run(['dd', 'if=/dev/zero', `of=${filler}`, 'bs=64k'])

async function savePost(title: string) {
  const res = await fetch(`${server.url}/api/blog`, {
    method: 'POST',
    headers: headers({ cookie }),
    body: JSON.stringify({
      title,
      content: `<p>${'A sentence of the post that takes room on the replica. '.repeat(2000)}</p>`,
      status: 'published',
    }),
  })
  return { status: res.status, slug: res.status === 201 ? ((await res.json()) as { slug: string }).slug : '' }
}

test("a replica's full disk: writes still saved on the server and read back, /healthz 507, all recovered without a restart", async () => {
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  await fillDisk()

  const written = await savePost(`Saved While The Replica Is Full ${crypto.randomUUID().slice(0, 6)}`)
  expect(written.status).toBe(201)
  // Read back at once by the process that saved it, though its replica could not take the write in.
  expect((await fetch(`${server.url}/api/blog/slug/${written.slug}`)).status).toBe(200)
  expect((await fetch(`${server.url}/blog/${written.slug}`)).status).toBe(200)
  for (const path of ['/', '/blog', '/jobs'])
    expect([path, (await fetch(`${server.url}${path}`)).status]).toEqual([path, 200])
  await Bun.sleep(1100)
  const health = await fetch(`${server.url}/healthz`)
  expect(health.status).toBe(507)
  expect(((await health.json()) as { status: string }).status).toBe('disk full')
  expect(server.output()).toContain('replica sync failed')

  rmSync(filler)
  await Bun.sleep(1100)
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  const after = await savePost(`Saved After Room Was Made ${crypto.randomUUID().slice(0, 6)}`)
  expect(after.status).toBe(201)
  for (const slug of [written.slug, after.slug]) expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(200)
  expect(server.process.exitCode).toBeNull()
}, 60_000)
