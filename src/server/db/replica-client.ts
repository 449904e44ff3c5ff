import { AsyncLocalStorage } from 'node:async_hooks'
import type { Client, InStatement, Transaction, TransactionMode } from '@libsql/client'
import { isDatabaseUnreachable } from './errors'
import { isReadOnly } from './statement-kind'

/**
 * Set for a request whose reads must see every process's writes at once (a signed-in staff member's: a
 * session made or ended by another process, a post another process just saved): its reads go to the server.
 */
export const readsFromServer = new AsyncLocalStorage<true>()

/** A sync that has not finished by then is left to finish behind (the client has no timeout of its own). */
export const SYNC_WAIT_MS = 1000
/** How long the server has to answer its health check before a sync is tried. */
const HEALTH_TIMEOUT_MS = 500

/**
 * The server's health check (sqld and Turso answer `/health`): over https for `libsql:` unless it says
 * `tls=0`, at the root of the server, without the URL's query.
 */
export function healthUrlOf(syncUrl: string): string {
  const url = new URL(syncUrl)
  const scheme = url.protocol === 'libsql:' ? (url.searchParams.get('tls') === '0' ? 'http:' : 'https:') : url.protocol
  return `${scheme}//${url.host}/health`
}

/**
 * An embedded replica (decision 0046): reads from `replica`, a local file the libSQL client keeps in step
 * with the primary, and everything else (writes, write batches, transactions, migrations) on `primary`, a
 * client of the libSQL server over HTTP, after which the replica is synced before the write returns, so
 * this process reads its own writes at once.
 *
 * Why writes do not go through the replica's own write delegation: inside a delegated transaction, reads run
 * on the local file and miss the transaction's own writes, and a delegated write waits seconds for a
 * handshake when the server is away instead of failing at once as HTTP does (then answered 503).
 *
 * `sync()` runs one sync at a time; asked while one runs, it waits for the next, which starts after it (a
 * write must be followed by a sync that began after its commit). Each caller waits at most SYNC_WAIT_MS.
 *
 * The client's sync runs on the event loop, blocking everything for its length, and waits seconds for a
 * handshake with a server that is away: it is tried only after the server has answered its health check.
 */
export function replicaClient(
  replica: Client,
  primary: Client,
  {
    onSyncError,
    intervalMs,
    healthUrl,
  }: { onSyncError: (error: unknown) => void; intervalMs: number; healthUrl: string },
): Client {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  /**
   * Set when a write of this process may not be in the replica (its sync failed or was not waited for to
   * the end): reads go to the server until a sync succeeds, so the process still reads its own writes.
   */
  let behind = false
  /** Writes so far: a sync clears `behind` only if no write came after it began. */
  let writes = 0
  const syncOnce = async (): Promise<void> => {
    const covering = writes
    try {
      const health = await fetch(healthUrl, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      await health.arrayBuffer()
      if (!health.ok) throw new Error(`the server's health check answered ${health.status}`)
      await replica.sync()
      if (covering === writes) behind = false
    } catch (error) {
      onSyncError(error)
    }
  }
  const syncAfterNow = (): Promise<void> => {
    if (!running) {
      running = syncOnce().finally(() => {
        running = null
      })
      return running
    }
    if (!next)
      next = running.then(() => {
        next = null
        return syncAfterNow()
      })
    return next
  }
  const synced = () => Promise.race([syncAfterNow(), Bun.sleep(SYNC_WAIT_MS)]).then(() => undefined)
  /** After a write: synced, or (a sync failed or is slow) reads from the server until one succeeds. */
  const caughtUp = async () => {
    writes++
    behind = true
    await synced()
  }
  const local = () => !behind && readsFromServer.getStore() === undefined
  /** Runs on the primary, then syncs the replica; after a failure too (without waiting): it may have committed. */
  const written = async <T>(run: () => Promise<T>): Promise<T> => {
    let result: T
    try {
      result = await run()
    } catch (error) {
      void syncAfterNow()
      throw error
    }
    await caughtUp()
    return result
  }
  /**
   * A read the server should answer (a staff member's, or one after this process's write): from the server,
   * or, while it cannot be reached, from the replica as it is (better a page a second old than none).
   */
  const fromServer = async <T>(run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (isDatabaseUnreachable(error)) return fallback()
      throw error
    }
  }
  // Kept fresh when nothing asks: another process's writes arrive within the interval.
  const timer = setInterval(() => void syncAfterNow(), intervalMs)
  timer.unref?.()

  return new Proxy(primary, {
    get(target, property, receiver) {
      switch (property) {
        case 'execute':
          return (statement: InStatement, ...rest: unknown[]) => {
            const run = (client: Client) =>
              (client.execute as (...args: unknown[]) => Promise<unknown>).call(client, statement, ...rest)
            if (!isReadOnly(statement)) return written(() => run(target))
            return local()
              ? run(replica)
              : fromServer(
                  () => run(target),
                  () => run(replica),
                )
          }
        case 'batch':
          return (statements: InStatement[], mode?: TransactionMode) => {
            if (mode !== 'read' && !statements.every(isReadOnly)) return written(() => target.batch(statements, mode))
            const run = (client: Client) => client.batch(statements, mode)
            return local()
              ? run(replica)
              : fromServer(
                  () => run(target),
                  () => run(replica),
                )
          }
        case 'migrate':
        case 'executeMultiple':
          return (...args: unknown[]) =>
            written(() => (target[property] as (...a: unknown[]) => Promise<unknown>).apply(target, args))
        case 'transaction':
          return async (mode?: TransactionMode): Promise<Transaction> => {
            if (mode === 'read') return local() ? replica.transaction(mode) : target.transaction(mode)
            const tx = await target.transaction(mode)
            return new Proxy(tx, {
              get(txTarget, txProperty, txReceiver) {
                const value = Reflect.get(txTarget, txProperty, txReceiver)
                if (txProperty === 'commit') return () => written(() => (value as () => Promise<void>).call(txTarget))
                return typeof value === 'function' ? value.bind(txTarget) : value
              },
            })
          }
        case 'sync':
          return async () => {
            await synced()
            return undefined
          }
        case 'close':
          return () => {
            clearInterval(timer)
            replica.close()
            target.close()
          }
        default:
          return Reflect.get(target, property, receiver)
      }
    },
  })
}
