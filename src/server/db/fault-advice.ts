/*
 * The driver's error codes and what an operator should do about them. Imports nothing: the log's error
 * fields (observability/error-fields.ts) use it, and the log is used by everything.
 */

/** Drizzle wraps the driver's error, which wraps the network's: the whole chain is looked at, to a depth. */
const MAX_CAUSES = 8

/** `error` and its causes, outermost first. */
export function* errorChain(error: unknown): Generator<Error> {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < MAX_CAUSES; e = e.cause, depth++) yield e
}

/**
 * The driver's code for a failed call (`SQLITE_BUSY`, `SQLITE_READONLY`, `SERVER_ERROR`…): the first one
 * in the error's cause chain, since the ORM wraps the driver's error. Codes are a short fixed list, unlike
 * messages, which may quote the statement.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code)) return code
  }
  return undefined
}

/** What an operator should do about a database fault, by the driver's code (logged beside the error). */
const ADVICE: [RegExp, string][] = [
  [
    /^SQLITE_(CORRUPT|NOTADB)/,
    'The database file is damaged: stop the site and restore a backup with `bun run db:restore <file>` (docs/operations.md, Backups).',
  ],
  [
    /^SQLITE_READONLY/,
    "The database cannot be written: make the file and its folder writable by the server's user, and check the disk is not mounted read-only; then restart.",
  ],
  [
    /^SQLITE_CANTOPEN/,
    "The database file cannot be opened: check DATABASE_URL, and that its folder exists and is writable by the server's user.",
  ],
  [
    /^SQLITE_FULL/,
    'The disk under the database is full: make room (old backups, logs); writes resume without a restart.',
  ],
]

/** What to do about this error, when it is a database fault an operator can act on. */
export function databaseAdvice(error: unknown): string | undefined {
  const code = databaseErrorCode(error)
  return code === undefined ? undefined : ADVICE.find(([pattern]) => pattern.test(code))?.[1]
}
