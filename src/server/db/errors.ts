/** A write refused by a unique index (two saves racing for one slug, say): the caller answers 409, not 500. */
export const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed/i.test(String(error)) ||
  (error instanceof Error && error.cause !== undefined && isUniqueViolation(error.cause))
