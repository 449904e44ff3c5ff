/** A draft link's secret (48 hex digits) is a bearer credential, wherever it appears. */
const TOKEN = /[0-9a-f]{48}/gi
/** A newsletter link's secret: the segment after its step, on the pages and in the API. */
const SUBSCRIBER_SECRET = /(\/(?:subscribe|api\/subscribers)\/(?:confirm|preferences|unsubscribe)\/)[^/?#]+/gi
/** Query parameters whose values are credentials or personal by their name. */
const SECRET_NAME = /token|secret|pass|key|auth|session|code|sig|otp|email/i
const MAX_QUERY_CHARS = 1000
/** Anything shaped like an email address, in any parameter: visitors type theirs into searches too. */
const EMAIL = /[^\s@&=]+@[^\s@&=]+\.[^\s@&=]+/g
const MAX_USER_AGENT_CHARS = 300

/**
 * A request path as logs may keep it: the secret of a draft link or a newsletter link is cut out, in
 * whatever spelling the path used.
 */
export function loggablePath(path: string): string {
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // Malformed escapes: the raw path is logged, still without anything shaped like a token.
  }
  return decoded.replace(TOKEN, '[token]').replace(SUBSCRIBER_SECRET, '$1[token]')
}

/**
 * A query string (`?q=golf&page=2`, with or without its `?`) as logs may keep it: the values of
 * parameters named like credentials are `[redacted]` and anything shaped like a draft link's token is
 * `[token]`; long ones are cut. Undefined for none.
 */
export function loggableQuery(search: string, { personal = false } = {}): string | undefined {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (query === '') return undefined
  const params = new URLSearchParams(query)
  const kept = new URLSearchParams()
  for (const [name, value] of params)
    kept.append(
      name.replace(TOKEN, '[token]'),
      personal || SECRET_NAME.test(name) ? '[redacted]' : value.replace(TOKEN, '[token]').replace(EMAIL, '[email]'),
    )
  return kept.toString().slice(0, MAX_QUERY_CHARS)
}

/** What a request line says of the request itself; the answer's fields are added by the caller. */
export function requestFields(request: Request, path: string, client: string) {
  const url = request.url
  const queryStart = url.indexOf('?')
  const hashStart = url.indexOf('#', queryStart)
  return {
    method: request.method,
    path: loggablePath(path),
    // The administrator's searches are of applicants (names, emails): their values are never kept.
    query:
      queryStart === -1
        ? undefined
        : loggableQuery(url.slice(queryStart, hashStart === -1 ? undefined : hashStart), {
            personal: path.toLowerCase().startsWith('/api/admin/'),
          }),
    client,
    userAgent: request.headers.get('user-agent')?.slice(0, MAX_USER_AGENT_CHARS),
  }
}
