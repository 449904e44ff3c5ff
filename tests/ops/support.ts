import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { RunningServer } from '../e2e/support/server'
import { eventually } from '../support/eventually'

const ROOT = join(import.meta.dir, '..', '..')
export const OPS_PASSWORD = 'operations test password'

/** The server's first log line with `message`, once it has logged one, or undefined after `withinMs`. */
export async function loggedLine(server: RunningServer, message: string, withinMs: number) {
  const logged = (line: string) => line.includes(`"message":${JSON.stringify(message)}`)
  await eventually(() => server.output().split('\n').some(logged), withinMs)
  return server.output().split('\n').find(logged)
}

/** An administrator session on a running server, for writes through the API. */
export async function adminCookie(server: RunningServer): Promise<string> {
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password: OPS_PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`login answered ${login.status}`)
  return login.headers.get('set-cookie')!.split(';')[0]!
}

/**
 * Writers creating posts through the API, `concurrency` at a time with `pauseMs` between each one's
 * writes; `acknowledged` holds the id of every post the server answered 201 for, in the order the answers
 * came. Paced, the write-ahead log stays short of SQLite's automatic checkpoint (1000 pages) for a while,
 * so recent writes are only in the -wal: what a plain copy of the database file would miss.
 */
export function writeLoad(server: RunningServer, cookie: string, { concurrency = 2, pauseMs = 30 } = {}) {
  const acknowledged: number[] = []
  let stopping = false
  const run = crypto.randomUUID().slice(0, 8)
  let n = 0
  const writer = async () => {
    while (!stopping) {
      const res = await fetch(`${server.url}/api/blog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({
          title: `Load ${run} ${n++}`,
          content: `<p>${'words '.repeat(30)}</p>`,
          status: 'published',
        }),
      })
      if (res.status !== 201) throw new Error(`a write answered ${res.status}: ${await res.text()}`)
      acknowledged.push(((await res.json()) as { id: number }).id)
      await Bun.sleep(pauseMs)
    }
  }
  const writers = Array.from({ length: concurrency }, writer)
  return {
    acknowledged,
    async untilAcknowledged(count: number) {
      while (acknowledged.length < count) await Bun.sleep(10)
    },
    async stop() {
      stopping = true
      await Promise.all(writers)
    },
  }
}

/** Runs an operator command (`bun run db:backup …`) as the operator would, against `env`'s database. */
export async function operatorCommand(args: string[], env: Record<string, string>) {
  const proc = Bun.spawn(['bun', 'run', '--silent', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

/** Reads a database file with one connection, closed at once (never one a running server uses). */
export function readDatabase<T>(path: string, read: (file: Database) => T): T {
  const file = new Database(path, { readonly: true })
  try {
    return read(file)
  } finally {
    file.close()
  }
}

export const integrityOf = (path: string) =>
  readDatabase(path, (file) =>
    file
      .query('PRAGMA integrity_check')
      .values()
      .map((row) => String(row[0])),
  )

export const postIdsOf = (path: string) =>
  readDatabase(
    path,
    (file) =>
      new Set(
        file
          .query('SELECT id FROM posts')
          .values()
          .map((row) => Number(row[0])),
      ),
  )
