import { databaseAdvice } from '../db/fault-advice'

/** How many `cause`s are followed; error chains are short, and a cycle must not loop. */
const MAX_CAUSES = 8
const MAX_FRAMES = 20
const MAX_MESSAGE_CHARS = 500

/**
 * A failed drizzle query's message is `Failed query: <SQL>\nparams: <values>`, and the values are what a
 * visitor sent (an applicant's email and cover letter): everything after the words is cut, wherever the
 * message was copied to.
 */
const FAILED_QUERY = /Failed query:[\s\S]*/
const WITHHELD = 'Failed query (SQL and parameters are not logged)'

interface ErrorSummary {
  name: string
  message: string
  /** libSQL's error code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, `SERVER_ERROR`…), when there is one. */
  code?: string
}

/**
 * An error as logs may keep it: its message, name and code, the same for each error in its `cause`
 * chain (the driver's error behind the ORM's), and its stack frames, never the SQL or the values of a
 * failed query. Other properties of the error are left out, since they may hold anything.
 */
export function errorFields(error: unknown): Record<string, unknown> {
  const top = summary(error)
  // A damaged, read-only or unopenable database says what to do (db/errors.ts).
  const advice = databaseAdvice(error)
  const causes: ErrorSummary[] = []
  const seen = new Set<unknown>([error])
  let cause = error instanceof Error ? error.cause : undefined
  while (cause !== undefined && causes.length < MAX_CAUSES && !seen.has(cause)) {
    seen.add(cause)
    causes.push(summary(cause))
    cause = cause instanceof Error ? cause.cause : undefined
  }
  return {
    error: top.message,
    errorName: top.name,
    ...(top.code ? { errorCode: top.code } : {}),
    ...(causes.length > 0 ? { causes } : {}),
    ...(advice ? { advice } : {}),
    ...(error instanceof Error && error.stack ? { stack: frames(error.stack) } : {}),
  }
}

function summary(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: typeof error, message: withheld(String(error)) }
  const code = (error as { code?: unknown }).code
  return {
    // Some libraries leave `name` as "Error" on their own classes (drizzle's DrizzleQueryError).
    name: error.name === 'Error' ? error.constructor.name || 'Error' : error.name,
    message: withheld(error.message),
    ...(typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? { code } : {}),
  }
}

const withheld = (message: string) => message.replace(FAILED_QUERY, WITHHELD).slice(0, MAX_MESSAGE_CHARS)

/** Only the `at …` lines: a stack begins with the message, SQL and values included. */
const frames = (stack: string) =>
  stack
    .split('\n')
    .filter((line) => /^\s+at\s/.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim())
    .join('\n')
