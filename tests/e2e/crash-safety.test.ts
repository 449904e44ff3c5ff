import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client'
import { jobApplications, posts } from '../../src/server/db/schema'
import { eventually } from '../support/eventually'
import { startServer } from './support/server'

const PASSWORD = 'crash-safety-password'

test('after kill -9 in the middle of writes, every answered write is stored and the database is intact', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'crash-'))
  const env = { DATABASE_URL: `file:${join(dir, 'site.db')}`, ADMIN_PASSWORD: PASSWORD }
  const acceptedPosts: number[] = []
  const acceptedApplications: number[] = []

  for (let round = 0; round < 3; round++) {
    const server = await startServer(env)
    const headers = { 'content-type': 'application/json', origin: server.url }
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!

    const answeredBefore = acceptedPosts.length
    const writes = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? fetch(`${server.url}/api/job-applications`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              jobId: 1,
              fullName: `Crash ${round}-${i}`,
              email: 'c@example.com',
              coverLetter: 'c',
              resumeText: 'r',
            }),
          }).then(async (res) =>
            res.status === 201 ? acceptedApplications.push(((await res.json()) as { id: number }).id) : 0,
          )
        : fetch(`${server.url}/api/blog`, {
            method: 'POST',
            headers: { ...headers, cookie },
            body: JSON.stringify({
              title: `Crash ${round}-${i}`,
              content: `<p>${'x'.repeat(2000)}</p>`,
              status: 'published',
            }),
          }).then(async (res) =>
            res.status === 201 ? acceptedPosts.push(((await res.json()) as { id: number }).id) : 0,
          ),
    )
    // Kill once some writes have been answered and others are still in flight.
    await eventually(() => acceptedPosts.length - answeredBefore >= 8 + round * 4, 5000, 2)
    server.process.kill('SIGKILL')
    await Promise.allSettled(writes)
    await server.process.exited
  }

  expect(acceptedPosts.length).toBeGreaterThan(0)
  // The kill must land mid-stream: some writes were never answered.
  expect(acceptedPosts.length).toBeLessThan(3 * 40)
  console.log(
    `crash safety: ${acceptedPosts.length} of 120 post writes and ${acceptedApplications.length} applications answered before the kills`,
  )
  const restarted = await startServer(env)
  expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200)
  restarted.process.kill('SIGTERM')
  await restarted.process.exited

  const db = await openDatabase({ url: env.DATABASE_URL })
  const storedPosts = await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, acceptedPosts))
  const storedApplications = acceptedApplications.length
    ? await db
        .select({ id: jobApplications.id })
        .from(jobApplications)
        .where(inArray(jobApplications.id, acceptedApplications))
    : []
  expect(storedPosts.length).toBe(acceptedPosts.length)
  expect(storedApplications.length).toBe(acceptedApplications.length)
  const integrity = await db.$client.execute('PRAGMA integrity_check')
  expect(String(integrity.rows[0]![0])).toBe('ok')
  db.$client.close()
  await restarted.stop()
  rmSync(dir, { recursive: true, force: true })
}, 60_000)
