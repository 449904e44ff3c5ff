/** Spec §7's shared request helper: credentials, no caching, `/api` prefix, a 15 s timeout and readable errors. */
export const REQUEST_TIMEOUT_MS = 15_000

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's machine-readable reason, when it gives one (`slug-redirects`, say). */
    readonly code?: string,
    /** The whole JSON error body, for answers that say more (`twoFactorRequired`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** What an error says to a person (the server's `error` text, say), or `fallback` when it says nothing. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

export interface ApiRequestOptions {
  method?: string
  body?: unknown
  signal?: AbortSignal
  /** Answer null instead of throwing on 401 (used where "not logged in" is a normal state). */
  nullOn401?: boolean
  headers?: Record<string, string>
  /** Sees the headers of a successful answer (a search's total rides in one). */
  onHeaders?: (headers: Headers) => void
}

/** `/posts` → `/api/posts`; `/api/...` and absolute URLs are kept. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/api')) return path
  return `/api${path.startsWith('/') ? '' : '/'}${path}`
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T | null> {
  const url = apiUrl(path)
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const method = options.method ?? 'GET'
  const sent = options.body !== undefined && method !== 'GET'
  // A form (a file upload) goes as multipart, its type and boundary set by the browser; anything else as JSON.
  const form = options.body instanceof FormData
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      cache: 'no-store',
      headers: {
        'cache-control': 'no-cache',
        pragma: 'no-cache',
        ...(sent && !form ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: !sent ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal,
    })
  } catch (error) {
    if (timeout.aborted) throw new ApiError(`Request timed out for ${url}`, 0)
    throw error
  }
  if (response.status === 401 && options.nullOn401) return null
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json')
  if (!response.ok) {
    if (isJson) {
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
      throw new ApiError(
        typeof body?.error === 'string' ? body.error : `${response.status} ${response.statusText}`,
        response.status,
        typeof body?.code === 'string' ? body.code : undefined,
        body ?? undefined,
      )
    }
    throw new ApiError(`${response.status} ${await response.text()}`.trim(), response.status)
  }
  options.onHeaders?.(response.headers)
  return (isJson ? await response.json() : []) as T
}

/** For calls that cannot legitimately answer null. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })) as T
}
