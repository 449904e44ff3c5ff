import { dirname } from 'node:path'
import { type Client, createClient } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import { countDatabaseError } from '../observability/metrics'
import { reportErrors } from './error-reporting-client'
import { isDatabaseBusy } from './errors'
import { databaseErrorCode } from './fault-advice'
import { overwriteFreedSpace } from './overwriting-client'
import { createPrivateFile, makePrivateFolder } from './private-files'
import { healthUrlOf, replicaClient } from './replica-client'
import * as schema from './schema'
import { serializeWrites } from './serialized-client'
import { confirmWrites } from './unconfirmed-writes'

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
  /** A libSQL server `url` (a `file:`) is an embedded replica of (replica-client.ts). */
  syncUrl?: string
  /** Told each failed sync of the replica (the server away, say): reads go on from the local file. */
  onSyncError?: (error: unknown) => void
}

/** How often a replica syncs when nothing else asks it to (a write, the content version's look: replica-client.ts). */
export const REPLICA_SYNC_INTERVAL_MS = 1000

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
  syncUrl,
  onSyncError = () => {},
}: DatabaseOptions): Promise<Database> {
  if (syncUrl) return openReplica({ url, authToken, timeoutMs, onError, syncUrl, onSyncError })
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
  const own = filePath ? overwriteFreedSpace(connections) : connections
  const client = reportErrors(serializeWrites(confirmWrites(own)), (error) => onError(databaseErrorCode(error)))
  const db = drizzle(client, { schema })
  if (filePath) files.set(db, filePath)
  return db
}

/**
 * A local replica of a libSQL server (replica-client.ts): synced before it answers (a start answers
 * /readyz only then), on a timer, after each write of this process, and when the content version is read.
 */
async function openReplica({
  url,
  authToken,
  timeoutMs,
  onError,
  syncUrl,
  onSyncError,
}: Required<Pick<DatabaseOptions, 'url' | 'timeoutMs' | 'onError' | 'syncUrl' | 'onSyncError'>> &
  Pick<DatabaseOptions, 'authToken'>): Promise<Database> {
  const file = localFilePath(url)
  if (!file) throw new Error('An embedded replica needs DATABASE_URL to be a file: URL')
  // The folder only: the client makes the file itself, with the replica's own index beside it.
  makePrivateFolder(dirname(file))
  const replica = createClient({ url, syncUrl, authToken })
  await replica.sync()
  const primary = confirmWrites(createClient({ url: syncUrl, authToken, fetch: fetchWithin(timeoutMs) }))
  const synced = replicaClient(replica, primary, {
    onSyncError,
    intervalMs: REPLICA_SYNC_INTERVAL_MS,
    healthUrl: healthUrlOf(syncUrl),
  })
  const client = reportErrors(serializeWrites(synced), (error) => onError(databaseErrorCode(error)))
  const db = drizzle(client, { schema })
  replicas.set(db, file)
  return db
}

const replicas = new WeakMap<Database, string>()
/** Whether reads come from a local replica that a sync brings up to date (openReplica). */
export const isReplica = (db: Database): boolean => replicas.has(db)
/** The file on this machine's disk the database lives in, a replica's included: what a full disk stops. */
export const localDiskFile = (db: Database): string | null => files.get(db) ?? replicas.get(db) ?? null

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
