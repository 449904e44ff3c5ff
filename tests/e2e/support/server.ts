import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BunFile, Subprocess } from 'bun'
import { eventually } from '../../support/eventually'
import { freePort } from '../../support/free-port'
import { copyMigratedDatabase, copySeededDatabase } from '../../support/template-database'

const ROOT = join(import.meta.dir, '..', '..', '..')

export interface RunningServer {
  url: string
  /** The server's own database, for tests that arrange data directly. */
  databaseUrl: string
  process: Subprocess
  /** What it has written so far, stdout and stderr. */
  output: () => string
  /** Its exit code, once it has exited and all it wrote has been read: `output()` then holds its last lines. */
  exited(): Promise<number>
  stop(): Promise<void>
}

/** The server as `bun run start` and the container run it (scripts/build-server.ts), built by `bun run build`. */
export const SERVER_BUNDLE = 'dist/server/main.js'

/** What the bundle is built from, and how: a change to any of it since the build would go untested. */
const BUNDLED_SOURCES = [
  'src/server',
  'src/shared',
  'src/content',
  'src/app',
  'db/migrations',
  'scripts/build-server.ts',
  'scripts/first-use-packages.ts',
]

export function assertFreshBundle() {
  const bundle = join(ROOT, SERVER_BUNDLE)
  if (!existsSync(bundle)) throw new Error(`${SERVER_BUNDLE} is missing: run \`bun run build\` first`)
  const built = statSync(bundle).mtimeMs
  for (const source of BUNDLED_SOURCES) {
    const files = statSync(join(ROOT, source)).isFile()
      ? [source]
      : readdirSync(join(ROOT, source), { recursive: true, encoding: 'utf8' }).map((file) => `${source}/${file}`)
    for (const file of files)
      if (!file.includes('.test.') && statSync(join(ROOT, file)).mtimeMs > built)
        throw new Error(`${file} changed after ${SERVER_BUNDLE} was built: run \`bun run build\` first`)
  }
}

/**
 * The server process on `port` with the environment every test server starts from (test mode, loopback, no
 * request log, no warm-up), then `env`: bundled, as production runs it (`bun run build` made it, with the client the
 * pages load), or from source. Its stderr is piped, its stdout wherever `stdout` says.
 */
export function spawnServer<Out extends 'pipe' | BunFile = 'pipe'>(
  port: number,
  env: Record<string, string>,
  {
    bundled = true,
    bundle = SERVER_BUNDLE,
    stdout = 'pipe' as Out,
  }: { bundled?: boolean; bundle?: string; stdout?: Out } = {},
) {
  if (bundled) assertFreshBundle()
  return Bun.spawn(['bun', bundled ? bundle : 'src/server/main.ts'], {
    cwd: ROOT,
    // No warm-up: it readies a server for a flood of new searches, which only the load suite (it turns it on)
    // sends, and it cost each of the browser suite's thirty-odd starts a second or two of CPU.
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      WARM_UP: 'false',
      ...env,
    },
    stdout,
    stderr: 'pipe',
  })
}

/**
 * Asks `url`'s /healthz until it answers 200 (true) or `withinMs` pass (false); throws what `ended` says once
 * it says the process is gone.
 */
export async function untilHealthy(
  url: string,
  withinMs: number,
  ended: () => string | null = () => null,
): Promise<boolean> {
  return eventually(async () => {
    const gone = ended()
    if (gone !== null) throw new Error(gone)
    return (await fetch(`${url}/healthz`).catch(() => null))?.ok === true
  }, withinMs)
}

/**
 * Starts the real server (built assets, embedded database in a fresh temporary folder, migrated and seeded
 * as its first start would, from a template, unless `env` names a database) on a free port: bundled as production runs it, or from source.
 * Returns once /healthz answers, or after `readyWithinMs` (the caller then finds it down).
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    readyWithinMs = 30_000,
    bundled = true,
    bundle,
    onLocalhost = false,
  }: {
    readyWithinMs?: number
    bundled?: boolean
    /** Another copy of the bundle, a path from the repository or absolute (`bundled` only). */
    bundle?: string
    /** Served as http://localhost:{port} (its SITE_URL): a host name, as WebAuthn's relying party needs. */
    onLocalhost?: boolean
  } = {},
): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'site-e2e-'))
  const port = freePort()
  if (onLocalhost) env = { SITE_URL: `http://localhost:${port}`, ...env }
  // Migrating and seeding cost every start a second of CPU; starts that test them name their own database. A
  // TEST_NOW the server would refuse gets the migrated one, so the server's own message is what the test sees.
  const now = env.TEST_NOW ? Date.parse(env.TEST_NOW) : Date.now()
  if (!env.DATABASE_URL)
    await (Number.isNaN(now) ? copyMigratedDatabase : (path: string) => copySeededDatabase(path, now))(
      join(dir, 'site.db'),
    )
  const databaseUrl = env.DATABASE_URL ?? `file:${join(dir, 'site.db')}`
  let output = ''
  const proc = spawnServer(
    port,
    // Tests stop servers that carry no load: no drain (server-lifecycle tests the drain).
    { SHUTDOWN_DRAIN_MS: '0', ...env, DATABASE_URL: databaseUrl },
    { bundled, bundle },
  )
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk)
  }
  const collected = Promise.all([
    collect(proc.stdout as ReadableStream<Uint8Array>),
    collect(proc.stderr as ReadableStream<Uint8Array>),
  ]).catch(() => undefined)

  const loopback = `http://127.0.0.1:${port}`
  const url = onLocalhost ? `http://localhost:${port}` : loopback
  await untilHealthy(loopback, readyWithinMs, () => (proc.exitCode === null ? null : `Server exited early:\n${output}`))
  return {
    url,
    databaseUrl,
    process: proc,
    output: () => output,
    async exited() {
      const code = await proc.exited
      await collected
      return code
    },
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
