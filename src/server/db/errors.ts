/** A write refused by a unique index (two saves racing for one slug, say): the caller answers 409, not 500. */
export const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed/i.test(String(error)) ||
  (error instanceof Error && error.cause !== undefined && isUniqueViolation(error.cause))

/**
 * The driver's code for a failed call (`SQLITE_BUSY`, `SQLITE_READONLY`, `SERVER_ERROR`…): the first one
 * in the error's cause chain, since the ORM wraps the driver's error. Codes are a short fixed list, unlike
 * messages, which may quote the statement.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code)) return code
  }
  return undefined
}
