import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DISK_FULL } from '../../src/server/db/errors'
import { type RunningServer, startServer } from '../e2e/support/server'
import { copySeededDatabase } from '../support/template-database'
import { adminCookie, OPS_PASSWORD } from './support'

/*
 * The server on a small disk of its own (a 32 MB tmpfs, mounted as root, as CI runs), which the test fills
 * to the last byte and then empties again.
 */
const mount = mkdtempSync(join(tmpdir(), 'site-small-disk-'))
const filler = join(mount, 'filler')
let server: RunningServer

async function run(command: string[]) {
  const proc = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe' })
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited])
  return { code, stderr }
}

beforeAll(async () => {
  const mounted = await run(['mount', '-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', mount])
  if (mounted.code !== 0)
    throw new Error(`a small disk could not be mounted (the test runs as root): ${mounted.stderr}`)
  mkdirSync(join(mount, 'data'))
  const file = join(mount, 'data', 'site.db')
  await copySeededDatabase(file, Date.now())
  server = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, DATABASE_URL: `file:${file}` })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await run(['umount', mount])
  rmSync(mount, { recursive: true, force: true })
})

/** Writes zeros until the disk refuses one more byte. */
const fillDisk = () => run(['dd', 'if=/dev/zero', `of=${filler}`, 'bs=64k'])

const savePost = (cookie: string, words: number) =>
  fetch(`${server.url}/api/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({
      title: `Written on a full disk ${crypto.randomUUID().slice(0, 8)}`,
      content: `<p>${'A sentence of the post that takes room on the disk. '.repeat(words)}</p>`,
      status: 'draft',
    }),
  })

test('a full disk answers 507 with a clear message, /healthz says so, and both recover without a restart', async () => {
  const cookie = await adminCookie(server)
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

  await fillDisk()
  const refused = await savePost(cookie, 20_000)
  expect(refused.status).toBe(507)
  expect(((await refused.json()) as { error: string }).error).toBe(DISK_FULL.message)
  // The health check sees it at its next look (once a second).
  await Bun.sleep(1100)
  const health = await fetch(`${server.url}/healthz`)
  expect(health.status).toBe(507)
  expect(((await health.json()) as { status: string }).status).toBe('disk full')
  expect(server.output()).toContain('disk full: a write was refused')

  rmSync(filler)
  await Bun.sleep(1100)
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  expect((await savePost(cookie, 20_000)).status).toBe(201)
  expect(server.process.exitCode).toBeNull()
})
