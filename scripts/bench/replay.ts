/**
 * A response as the site sent it — status, headers and body bytes as they went out (brotli) — kept so
 * the limit server (limit-server.ts) can send the same bytes without doing anything else.
 */
import { rawRequest } from '../../tests/support/raw-http'
import { BROWSER_HEADERS } from './wrk'

export interface RecordedResponse {
  /** Which requests it answers (see routeKey). */
  key: string
  status: number
  /** Every header but the two any server adds itself (date, content-length). */
  headers: [string, string][]
  bodyBase64: string
}

/** Path plus query parameter names: `/blog?q=a` and `/blog?q=b` are one route, `/blog` another. */
export function routeKey(url: URL): string {
  const names = [...new Set(url.searchParams.keys())]
  return names.length > 0 ? `${url.pathname}?${names.join('&')}` : url.pathname
}

const ADDED_BY_ANY_SERVER = new Set(['date', 'content-length'])

/** A browser's GET on the wire, with the Host a load generator sends (the page cache keys by origin). */
export function browserRequest(url: URL): string {
  const headers = Object.entries({ host: url.host, ...BROWSER_HEADERS, connection: 'close' })
  return `GET ${url.pathname}${url.search} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`
}

/** The header lines of a raw response, in the order they were sent. */
export function headerLines(raw: string): [string, string][] {
  return raw
    .slice(0, raw.indexOf('\r\n\r\n'))
    .split('\r\n')
    .slice(1)
    .map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon), line.slice(colon + 1).trim()]
    })
}

/** Asks as a browser does and keeps the answer as it came over the socket (order, case and bytes). */
export async function recordResponse(url: string): Promise<RecordedResponse> {
  const parsed = new URL(url)
  const res = await rawRequest(url, browserRequest(parsed))
  return {
    key: routeKey(parsed),
    status: res.status,
    headers: headerLines(res.raw).filter(([name]) => !ADDED_BY_ANY_SERVER.has(name.toLowerCase())),
    bodyBase64: new Uint8Array(res.body).toBase64(),
  }
}
