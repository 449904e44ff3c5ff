/** What a staff change answers: its value, or the status and message of a refusal. */
export type StaffResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409 | 410; error: string }

export const refused = (status: 400 | 403 | 404 | 409 | 410, error: string) => ({ ok: false, status, error }) as const
