import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlBatchError,
  LibsqlError,
  type TransactionMode,
} from '@libsql/client'
import { isReadOnly } from './serialized-client'

const OVERWRITE = 'PRAGMA secure_delete = ON'
/** Statements that free no row's space and may not run inside a transaction (a checkpoint, a vacuum). */
const AS_THEY_ARE = /^\s*(pragma|vacuum)\b/i

/**
 * A failure of the batch's statement `index` as it was (the client's own error for it) when the batch began
 * with the pragma: a single statement's error for a statement run alone, a batch's own index otherwise.
 */
function asIfAlone(error: unknown, alone: boolean): unknown {
  if (!(error instanceof LibsqlBatchError) || !(error.cause instanceof Error)) return error
  const own = new LibsqlError(error.cause.message, error.code, error.extendedCode, error.rawCode, error.cause)
  if (alone) return own
  return new LibsqlBatchError(
    own.message,
    error.statementIndex - 1,
    error.code,
    error.extendedCode,
    error.rawCode,
    error.cause,
  )
}

/**
 * Every write to the embedded file runs with `secure_delete` on: SQLite then zeroes the space a write frees
 * (a deleted row, the old version of an updated one, a page no longer used) instead of leaving the bytes in
 * the file until something reuses them. A deleted application or résumé could otherwise be read back from
 * the disk for months, from its deletion or from any status change before it. It is a connection's setting
 * and the client opens connections as it needs them, so each write sets it on the connection it holds: a
 * single statement becomes a batch of the two (the embedded driver runs a batch in one call, so no lock is
 * held across the event loop, as none was for the statement alone), a batch and a transaction begin with
 * it. A libSQL server refuses the pragma; erasing there is the server's (README).
 */
export function overwriteFreedSpace(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return async (statement: InStatement, args?: InArgs) => {
          const whole = args === undefined ? statement : { sql: statement as string, args }
          const sql = typeof whole === 'string' ? whole : whole.sql
          if (isReadOnly(whole) || AS_THEY_ARE.test(sql)) return target.execute(whole)
          try {
            return (await target.batch([OVERWRITE, whole], 'write'))[1]!
          } catch (error) {
            throw asIfAlone(error, true)
          }
        }
      }
      if (property === 'batch') {
        return async (statements: InStatement[], mode?: TransactionMode) => {
          try {
            return (await target.batch([OVERWRITE, ...statements], mode)).slice(1)
          } catch (error) {
            throw asIfAlone(error, false)
          }
        }
      }
      if (property === 'executeMultiple') return (sql: string) => target.executeMultiple(`${OVERWRITE};\n${sql}`)
      if (property === 'transaction') {
        return async (mode?: TransactionMode) => {
          const tx = await target.transaction(mode)
          try {
            await tx.execute(OVERWRITE)
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
