/** The content codings the server makes: brotli and gzip copies of text, and the bytes as they are. */
export type ContentCoding = 'br' | 'gzip' | 'identity'

/** When a client weighs two codings the same, the smaller body wins. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity']
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/**
 * The weight a client gives each coding it names in `Accept-Encoding` (RFC 9110 §12.5.3): names are
 * case-insensitive, `x-gzip` is gzip, a missing q is 1, and a malformed q counts as 0 (refused) rather
 * than as a yes the client never said.
 */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>()
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';')
    let name = rawName.trim().toLowerCase()
    if (!name) continue
    if (name === 'x-gzip') name = 'gzip'
    let q = 1
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim())
      if (key.toLowerCase() === 'q') q = QVALUE.test(value) ? Number(value) : 0
    }
    // A coding named twice keeps its best weight.
    named.set(name, Math.max(named.get(name) ?? 0, q))
  }
  return named
}

/** Clients send a handful of distinct headers, read here once each; bounded, since anyone can send any. */
const MAX_REMEMBERED_HEADERS = 256
const remembered = new Map<string, Map<string, number>>()

function weightsOf(header: string): Map<string, number> {
  let named = remembered.get(header)
  if (!named) {
    named = weights(header)
    if (remembered.size >= MAX_REMEMBERED_HEADERS) remembered.clear()
    remembered.set(header, named)
  }
  return named
}

/**
 * The coding to send, out of those `available` (identity is always available): the one the client
 * weighs highest, the smaller one on a tie. No header means the client said nothing, so it gets the
 * bytes as they are. When the client refuses everything, identity included (`identity;q=0`, `*;q=0`),
 * it still gets identity, as most servers do, rather than a 406 it cannot do anything with.
 */
export function negotiateEncoding(header: string | null, available: readonly ContentCoding[]): ContentCoding {
  if (header === null) return 'identity'
  const named = weightsOf(header)
  const star = named.get('*')
  // Unnamed, identity stays acceptable but comes last: `gzip;q=0.5` asks for gzip.
  const weight = (coding: ContentCoding) =>
    named.get(coding) ?? (star !== undefined ? star : coding === 'identity' ? Number.MIN_VALUE : 0)
  let best: ContentCoding = 'identity'
  let bestWeight = 0
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue
    const w = weight(coding)
    if (w > bestWeight) {
      best = coding
      bestWeight = w
    }
  }
  return best
}
