import { expect, test } from 'bun:test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, startServer } from './support/server'

/**
 * A real full disk: the database on a small tmpfs (the machines these tests run on are root, which
 * mounting needs), filled up by a file beside it. /readyz must see it, and see it go.
 */
test('a full disk under the database: /readyz 503 with SQLITE_FULL while /livez stays 200, ready again once freed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-full-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir])
  let server: RunningServer | undefined
  try {
    server = await startServer({ DATABASE_URL: `file:${dir}/site.db` })
    const url = server.url
    const readyz = async () => {
      const res = await fetch(`${url}/readyz`)
      return { status: res.status, body: await res.json() }
    }
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } })
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${dir}/filler`, 'bs=64k'], { stdio: 'ignore' })
    } catch {
      // dd stops with an error when the disk is full, which is the point.
    }
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'database not writable', code: 'SQLITE_FULL' },
    })
    expect((await fetch(`${url}/livez`)).status).toBe(200)
    unlinkSync(`${dir}/filler`)
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } })
  } finally {
    // The server first: a mount with its files open cannot be unmounted.
    await server?.stop()
    execFileSync('umount', [dir])
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
