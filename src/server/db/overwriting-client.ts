import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlBatchError,
  LibsqlError,
  type TransactionMode,
} from '@libsql/client'
import { isReadOnly, runsOutsideTransactions } from './statement-kind'

/**
 * Zeroes what a write frees. The log's earlier copies are ops/erase.ts's: `journal_size_limit = 0` would cut the
 * log back as it starts over, but makes every write extend the file, which measured twice as slow.
 */
export const OVERWRITE = ['PRAGMA secure_delete = ON']

/**
 * A statement's own error for a failure in a batch that began with the pragma: a lone statement's error as
 * the client gives it for a statement run alone, a batch's error with the batch's own index.
 */
function asWithout(error: unknown, alone: boolean): unknown {
  if (!(error instanceof LibsqlBatchError)) return error
  if (alone && error.cause instanceof Error)
    return new LibsqlError(error.cause.message, error.code, error.extendedCode, error.rawCode, error.cause)
  error.statementIndex = Math.max(0, error.statementIndex - OVERWRITE.length)
  return error
}

/**
 * Every write to the embedded file runs with `secure_delete` on: SQLite then zeroes the space a write frees
 * (a deleted row, the old version of an updated one, a page no longer used) instead of leaving the bytes in
 * the file until something reuses them. A deleted application or résumé could otherwise be read back from
 * the file for months, from its deletion or from any status change before it. It is a connection's
 * setting and the client opens connections as it needs them, so each write sets it on the connection it
 * holds: a single statement becomes a batch with it (the embedded driver runs a batch in one call, so no
 * lock is held across the event loop, as none was for the statement alone), a batch and a transaction
 * begin with it. Statements about transactions themselves, PRAGMAs and VACUUM run as they are. A libSQL
 * server refuses the pragma; erasing there is the server's (docs/operations.md,
 * "Applications, résumé files and email"). It costs a write about 50 µs (20 %).
 */
export function overwriteFreedSpace(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return async (statement: InStatement, args?: InArgs) => {
          const whole = args === undefined ? statement : { sql: statement as string, args }
          if (isReadOnly(whole) || runsOutsideTransactions(whole)) return target.execute(whole)
          try {
            return (await target.batch([...OVERWRITE, whole], 'write'))[OVERWRITE.length]!
          } catch (error) {
            throw asWithout(error, true)
          }
        }
      }
      if (property === 'batch') {
        return async (statements: InStatement[], mode?: TransactionMode) => {
          try {
            return (await target.batch([...OVERWRITE, ...statements], mode)).slice(OVERWRITE.length)
          } catch (error) {
            throw asWithout(error, false)
          }
        }
      }
      if (property === 'migrate') return (statements: InStatement[]) => target.migrate([...OVERWRITE, ...statements])
      if (property === 'executeMultiple')
        return (sql: string) => target.executeMultiple(`${OVERWRITE.join(';\n')};\n${sql}`)
      if (property === 'transaction') {
        return async (mode?: TransactionMode) => {
          const tx = await target.transaction(mode)
          try {
            for (const pragma of OVERWRITE) await tx.execute(pragma)
          } catch (error) {
            tx.close()
            throw error
          }
          return tx
        }
      }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
