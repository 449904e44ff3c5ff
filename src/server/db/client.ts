import { type Client, createClient } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import { countDatabaseError } from '../observability/metrics'
import { reportErrors } from './error-reporting-client'
import { databaseErrorCode, isDatabaseBusy } from './errors'
import { overwriteFreedSpace } from './overwriting-client'
import { createPrivateFile } from './private-files'
import * as schema from './schema'
import { serializeWrites } from './serialized-client'

export type Database = LibSQLDatabase<typeof schema> & { $client: Client }

/** How long a connection waits for another process's lock on the embedded file. */
export const BUSY_TIMEOUT_MS = 5000
/** How long one request to a libSQL server may take when DATABASE_TIMEOUT_MS does not say. */
export const REMOTE_TIMEOUT_MS = 10_000

export interface DatabaseOptions {
  url: string
  authToken?: string
  /**
   * How long one request to a libSQL server may take. A server that is frozen or cut off keeps connections
   * open and answers nothing; without a limit every query would wait on it for good.
   */
  timeoutMs?: number
  /** Told the code of every failed call (default: the metrics' count; a render thread sends its own on). */
  onError?: (code: string | undefined) => void
}

/** The libSQL client's HTTP requests, each given up (a TimeoutError, see errors.ts) after `timeoutMs`. */
export const fetchWithin =
  (timeoutMs: number) =>
  (request: Request): Promise<Response> =>
    fetch(request, { signal: AbortSignal.timeout(timeoutMs) })

/** Opens the embedded file (creating it 0600 and its folder 0700, see private-files.ts) or a remote libSQL server. */
export async function openDatabase({
  url,
  authToken,
  timeoutMs = REMOTE_TIMEOUT_MS,
  onError = countDatabaseError,
}: DatabaseOptions): Promise<Database> {
  const filePath = localFilePath(url)
  if (filePath) createPrivateFile(filePath)
  // The embedded client keeps a pool of connections; `timeout` is each one's busy timeout (for other
  // processes' writes) and `serializeWrites` orders this process's own. Per-connection PRAGMAs would reach
  // only one connection, which is why deletes remove dependent rows themselves instead of relying on
  // foreign-key cascades. libsql: and http(s): URLs speak HTTP, a request per statement or batch, each
  // given a time limit. Every failed call is counted for the metrics.
  const overHttp = /^(libsql|https?):/i.test(url)
  const connections = createClient({
    url,
    authToken,
    timeout: BUSY_TIMEOUT_MS,
    ...(overHttp ? { fetch: fetchWithin(timeoutMs) } : {}),
  })
  if (filePath) await turnToWriteAheadLog(connections)
  const client = reportErrors(serializeWrites(filePath ? overwriteFreedSpace(connections) : connections), (error) =>
    onError(databaseErrorCode(error)),
  )
  const db = drizzle(client, { schema })
  if (filePath) files.set(db, filePath)
  return db
}

const files = new WeakMap<Database, string>()
/** The embedded file a database was opened on (openDatabase), or null for a libSQL server or memory. */
export const databaseFile = (db: Database): string | null => files.get(db) ?? null

/**
 * WAL is a property of the database file: readers proceed while a write is in progress. Turning a new file
 * to WAL takes the write lock from within a read, and while another process holds that lock (one starting
 * beside this one, or writing) SQLite refuses at once instead of waiting the busy timeout, as waiting could
 * deadlock; so it is tried again for as long as that timeout. Refusals retried are not failures to count.
 */
async function turnToWriteAheadLog(connections: Client): Promise<void> {
  const giveUpAt = Date.now() + BUSY_TIMEOUT_MS
  for (;;) {
    try {
      await connections.execute('PRAGMA journal_mode = WAL')
      return
    } catch (error) {
      if (!isDatabaseBusy(error) || Date.now() >= giveUpAt) throw error
    }
    await Bun.sleep(20 + Math.random() * 80)
  }
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.$client.execute('SELECT 1')
    return true
  } catch {
    return false
  }
}

/** The embedded database's file, or null for a remote libSQL server (or an in-memory database). */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null
  const path = url.slice('file:'.length).split('?')[0]
  return path && path !== ':memory:' ? path : null
}
