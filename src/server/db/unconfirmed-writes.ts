import { AsyncLocalStorage } from 'node:async_hooks'
import type { Client, InStatement, Transaction, TransactionMode } from '@libsql/client'
import { isDatabaseUnavailable, isDatabaseUnreachable, wasNeverSent } from './errors'
import { errorChain } from './fault-advice'
import { isReadOnly } from './statement-kind'

/**
 * A write that reached, or may have reached, a libSQL server whose answer never came (the connection reset
 * or timed out after the request went out): it may have been applied. Answered 504, not the 503 that
 * promises nothing was stored (decision 0048).
 */
export class UnconfirmedWriteError extends Error {
  override name = 'UnconfirmedWriteError'
}

/** The ORM wraps a statement's error in its own: the chain is looked at. */
export const isUnconfirmedWrite = (error: unknown): boolean =>
  [...errorChain(error)].some((e) => e instanceof UnconfirmedWriteError)

/** What the log says of a write left in doubt, wherever it is answered. */
export const WRITE_IN_DOUBT_LOG = 'database stopped answering a write: whether it was stored is unknown'

/**
 * Whether the request being answered has stored a write already (set by the client below), or that the work
 * under way is bookkeeping, which neither counts as stored nor is ever in doubt.
 */
const requestWrites = new AsyncLocalStorage<{ stored: boolean } | typeof BOOKKEEPING>()
const BOOKKEEPING = 'bookkeeping'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Follows what each request that may write (not a GET, HEAD or OPTIONS) has stored, so that a failure after
 * a write was stored (the post saved, then read back from a server that went away) is no 503 either.
 */
export function trackRequestWrites<T>(fetch: (request: Request) => T): (request: Request) => T {
  return (request) =>
    READS.has(request.method) ? fetch(request) : requestWrites.run({ stored: false }, () => fetch(request))
}

/** A write of the request being answered is stored: whatever fails after it cannot say nothing was. */
function storedInThisRequest(): boolean {
  const writes = requestWrites.getStore()
  return writes !== undefined && writes !== BOOKKEEPING && writes.stored
}

/**
 * Whether a failure leaves what the request asked to save in doubt: a write the server may have applied, or
 * the database out of reach or busy after the request stored one. Answered 504, never 503.
 */
export const isWriteInDoubt = (error: unknown): boolean =>
  isUnconfirmedWrite(error) || (isDatabaseUnavailable(error) && storedInThisRequest())

/**
 * Writes a request makes for the site's own accounts, not for what it was asked to save (a rate limit's
 * count, a session's last-seen time, a failed sign-in, the activity log): whether they are stored or not,
 * a refusal stays a 503, theirs included.
 */
export const bookkeeping = <T>(work: () => PromiseLike<T>): Promise<T> =>
  // Awaited inside: the ORM's queries run when awaited, which must be out of the request's account.
  requestWrites.run(BOOKKEEPING, async () => await work())

/** Each method of `methods` run as bookkeeping (a login throttle's, say); `this` is `methods` itself. */
export function bookkeepingMethods<T extends Record<string, (...args: never[]) => Promise<unknown>>>(methods: T): T {
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (...args: never[]) => bookkeeping(() => method.apply(methods, args)),
    ]),
  ) as T
}

function stored<T>(result: T): T {
  const writes = requestWrites.getStore()
  if (writes !== undefined && writes !== BOOKKEEPING) writes.stored = true
  return result
}

/** The failure of a call that would have stored something, told apart when its outcome is unknown. */
function unconfirmed(error: unknown): never {
  if (requestWrites.getStore() !== BOOKKEEPING && isDatabaseUnreachable(error) && !wasNeverSent(error))
    throw new UnconfirmedWriteError('the database did not answer a write it may have applied', { cause: error })
  throw error
}

const writes = (statements: InStatement[]) => statements.some((statement) => !isReadOnly(statement))

/**
 * A client whose write calls (a write statement, a batch holding one, a transaction's commit) tell the request
 * they stored something, and fail with UnconfirmedWriteError when a libSQL server may have applied them with
 * the answer lost. A transaction's statements before its commit do neither: the server keeps nothing of a
 * transaction that never committed. A local file's writes are never in doubt.
 */
export function confirmWrites(client: Client): Client {
  const commits = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'commit') return () => target.commit().then(stored, unconfirmed)
        const value = Reflect.get(target, property, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'execute')
        return (statement: InStatement, ...rest: unknown[]) => {
          const run = (target.execute as (...args: unknown[]) => Promise<unknown>)(statement, ...rest)
          return isReadOnly(statement) ? run : run.then(stored, unconfirmed)
        }
      if (property === 'batch')
        return (statements: InStatement[], ...rest: unknown[]) => {
          const run = (target.batch as (...args: unknown[]) => Promise<unknown>)(statements, ...rest)
          return writes(statements) ? run.then(stored, unconfirmed) : run
        }
      if (property === 'executeMultiple') return (sql: string) => target.executeMultiple(sql).then(stored, unconfirmed)
      if (property === 'transaction') return async (mode?: TransactionMode) => commits(await target.transaction(mode))
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
