import type { Client, InStatement, Transaction, TransactionMode } from '@libsql/client'
import { retryWhileBusy } from './busy-retry'
import { isReadOnly } from './statement-kind'

/**
 * The embedded driver waits for a database lock synchronously, which stops the event loop, so a write
 * waiting behind another write of this same process (which needs the event loop to finish) can only
 * time out. Every write of the process therefore goes through one queue: transactions hold it until they
 * end. Reads never wait (WAL readers need no lock). Other processes still meet at the busy timeout. On a
 * libSQL server, a single statement or batch refused as busy is tried again (busy-retry.ts).
 */
export function serializeWrites(client: Client): Client {
  const retry = client.protocol === 'file' ? <T>(run: () => Promise<T>) => run() : retryWhileBusy
  let tail: Promise<void> = Promise.resolve()
  const acquire = (): Promise<() => void> => {
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const ready = tail.then(() => release)
    tail = tail.then(() => turn)
    return ready
  }
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await acquire()
    try {
      return await work()
    } finally {
      release()
    }
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (statement: InStatement, ...rest: unknown[]) => {
          const run = () => (target.execute as (...args: unknown[]) => Promise<unknown>)(statement, ...rest)
          return isReadOnly(statement) ? run() : exclusive(() => retry(run))
        }
      }
      if (property === 'batch' || property === 'migrate' || property === 'executeMultiple') {
        const run = (args: unknown[]) => (target[property] as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        // A batch or migration is one transaction; a script (executeMultiple) is not, so it is never run twice.
        return (...args: unknown[]) =>
          exclusive(() => (property === 'executeMultiple' ? run(args) : retry(() => run(args))))
      }
      if (property === 'transaction') {
        return async (mode?: TransactionMode): Promise<Transaction> => {
          const release = await acquire()
          try {
            const tx = await target.transaction(mode)
            let done = false
            const finish = () => {
              if (!done) {
                done = true
                release()
              }
            }
            return new Proxy(tx, {
              get(txTarget, txProperty, txReceiver) {
                const value = Reflect.get(txTarget, txProperty, txReceiver)
                if (txProperty === 'commit' || txProperty === 'rollback') {
                  return async () => {
                    try {
                      return await (value as () => Promise<void>).call(txTarget)
                    } finally {
                      finish()
                    }
                  }
                }
                if (txProperty === 'close') {
                  return () => {
                    try {
                      return (value as () => void).call(txTarget)
                    } finally {
                      finish()
                    }
                  }
                }
                return typeof value === 'function' ? value.bind(txTarget) : value
              },
            })
          } catch (error) {
            release()
            throw error
          }
        }
      }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
