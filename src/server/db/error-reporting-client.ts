import type { Client, Transaction } from '@libsql/client'

const CLIENT_CALLS = new Set(['execute', 'batch', 'executeMultiple', 'migrate', 'transaction'])
const TRANSACTION_CALLS = new Set(['execute', 'batch', 'executeMultiple', 'commit', 'rollback'])

/**
 * Tells `onError` of every call to the database that fails (the metrics count them), then fails the
 * call as before. Transactions are followed too: their statements fail on their own.
 */
export function reportErrors(client: Client, onError: (error: unknown) => void): Client {
  const fail = (error: unknown): never => {
    onError(error)
    throw error
  }
  const wrap = <T extends object>(target: T, calls: Set<string>, then?: (value: unknown) => unknown): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver)
        if (typeof value !== 'function') return value
        if (typeof property !== 'string' || !calls.has(property)) return value.bind(object)
        return (...args: unknown[]) => {
          try {
            const result = Promise.resolve(value.apply(object, args)).catch(fail)
            return property === 'transaction' && then ? result.then(then) : result
          } catch (error) {
            return fail(error)
          }
        }
      },
    })
  return wrap(client, CLIENT_CALLS, (tx) => wrap(tx as Transaction, TRANSACTION_CALLS))
}
