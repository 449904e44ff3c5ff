import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { seedPosts } from '../../src/content/seed-posts'
import { MIGRATIONS_TABLE, readMigrations } from '../../src/server/db/migrations'
import { type RunningServer, startServer } from '../e2e/support/server'
import { startSqld } from '../support/sqld'

/** 4 in the test line; `bun run test:cluster` runs 10 (docs/testing.md). */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.CONCURRENT_START_ROUNDS ?? 4)) || 1)
const PROCESSES = 3
const tagCount = new Set(seedPosts.flatMap((post) => post.tags)).size
const migrationCount = readMigrations().length

/**
 * Starts PROCESSES servers on one fresh database at the same instant; every one must come up healthy. A
 * crash fails at once (startServer throws with its output); the long wait only serves a busy machine. They
 * render in the main thread (RENDER_THREADS=0): a render thread, started after the first answer, cost each of
 * the sixty starts a fifth of its CPU and has no part in migrating or seeding.
 */
async function startTogether(env: Record<string, string>) {
  const servers = await Promise.all(
    Array.from({ length: PROCESSES }, () =>
      startServer(
        { ADMIN_PASSWORD: 'concurrent start password', RENDER_THREADS: '0', ...env },
        { readyWithinMs: 60_000 },
      ),
    ),
  )
  try {
    for (const server of servers) {
      const health = await fetch(`${server.url}/healthz`).catch(() => null)
      if (health?.status !== 200) throw new Error(`a server did not come up:\n${server.output()}`)
    }
    const seeded = servers.filter((server: RunningServer) => server.output().includes('seeded the blog'))
    expect(seeded).toHaveLength(1)
    const migrated = servers.filter((server: RunningServer) => server.output().includes('migrated the database'))
    expect(migrated).toHaveLength(1)
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

async function expectSeededOnce(url: string, authToken?: string) {
  const client = createClient({ url, authToken })
  const count = async (sql: string) => Number((await client.execute(sql)).rows[0]![0])
  expect(await count('SELECT count(*) FROM posts')).toBe(seedPosts.length)
  expect(await count('SELECT count(*) FROM tags')).toBe(tagCount)
  expect(await count('SELECT count(DISTINCT slug) FROM tags')).toBe(tagCount)
  expect(await count(`SELECT count(*) FROM "${MIGRATIONS_TABLE}"`)).toBe(migrationCount)
  client.close()
}

test(`${PROCESSES} processes started at once on a fresh database file, ${ROUNDS} times: all healthy, seeded once`, async () => {
  const started = performance.now()
  for (let round = 0; round < ROUNDS; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'site-concurrent-'))
    const url = `file:${join(dir, 'site.db')}`
    try {
      await startTogether({ DATABASE_URL: url })
      await expectSeededOnce(url)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  console.log(`concurrent start on a file: ${ROUNDS} rounds in ${Math.round(performance.now() - started)} ms`)
}, 300_000)

test(`${PROCESSES} processes started at once on a fresh libSQL server, ${ROUNDS} times: all healthy, seeded once`, async () => {
  const started = performance.now()
  for (let round = 0; round < ROUNDS; round++) {
    const server = await startSqld()
    try {
      await startTogether({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: server.authToken })
      await expectSeededOnce(server.url, server.authToken)
    } finally {
      await server.dispose()
    }
  }
  console.log(`concurrent start on sqld: ${ROUNDS} rounds in ${Math.round(performance.now() - started)} ms`)
}, 300_000)
