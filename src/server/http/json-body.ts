import { FIELD_MESSAGES } from '../../shared/field-messages'
import { unknownField } from '../../shared/schema-check'
import { readBodyBytes } from './body-bytes'

/** Small payloads (a password, a tag name): nothing legitimate comes near this. */
export const SMALL_BODY_LIMIT_BYTES = 4096

/** A body field read as text: anything but a string is empty (the caller's rules then refuse it). */
export const stringField = (value: unknown) => (typeof value === 'string' ? value : '')

export type JsonBody =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: 400 | 413 | 415; error: string }

/**
 * Reads a JSON object body of at most `limit` bytes, with a clear error for every way it can be wrong.
 * Every JSON endpoint names the `fields` it knows: any other is refused (400), one rule for all of them.
 */
export async function readJsonBody(request: Request, limit: number, fields: readonly string[]): Promise<JsonBody> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return { ok: false, status: 415, error: 'Send JSON (Content-Type: application/json)' }
  }
  const bytes = await readBodyBytes(request, limit)
  if (!bytes) return { ok: false, status: 413, error: 'The request body is too large' }
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return { ok: false, status: 400, error: 'The request body is not valid JSON' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, status: 400, error: FIELD_MESSAGES.notAnObject }
  const unknown = unknownField(value as Record<string, unknown>, fields)
  if (unknown !== null) return { ok: false, status: 400, error: FIELD_MESSAGES.unknownField(unknown) }
  return { ok: true, value: value as Record<string, unknown> }
}

/**
 * A JSON `{ error }` answer made before any route runs (a request the server cannot read): with the
 * headers every answer carries that matter to a body the browser must not sniff or frame.
 */
export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify({ error })
  return new Response(body, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // Known, so a body this small is not gzipped on the way out.
      'content-length': String(Buffer.byteLength(body)),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}
