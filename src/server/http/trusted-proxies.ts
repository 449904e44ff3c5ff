import type { IncomingMessage } from 'node:http'
import proxyAddr from 'proxy-addr'

/**
 * Whose `X-Forwarded-For` counts: by default the peers a proxy of the site's own would be (loopback, link-local
 * and private networks, as Express names them); `TRUST_PROXY` names others (addresses, networks), `true` any
 * peer, `false` none. Behind a trusted peer the client is the last address no trusted proxy added; anything
 * before it was written by the client and can be forged.
 */
export const DEFAULT_TRUST_PROXY = 'loopback, linklocal, uniquelocal'

export interface TrustedProxies {
  /** The address a rate limit counts for this request from this socket peer. */
  clientOf(request: Request, peer: string | undefined): string
  /** Whether the request carries a forwarded address from a peer not trusted to give one (it is ignored). */
  untrustedForwarding(request: Request, peer: string | undefined): boolean
}

const forwardedOf = (request: Request) => request.headers.get('x-forwarded-for')?.trim() || null

/** The setting as a list, or null when it names something proxy-addr does not know (TRUST_PROXY is then refused). */
export function trustList(setting: string): string[] | null {
  const list = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  try {
    proxyAddr.compile(list)
    return list
  } catch {
    return null
  }
}

export function trustedProxies(setting: string): TrustedProxies {
  if (setting === 'false') return { clientOf: (_request, peer) => peer ?? 'unknown', untrustedForwarding: () => false }
  if (setting === 'true')
    return {
      // The last entry: the one the proxy in front added.
      clientOf: (request, peer) => forwardedOf(request)?.split(',').at(-1)?.trim() || peer || 'unknown',
      untrustedForwarding: () => false,
    }
  const trust = proxyAddr.compile(trustList(setting) ?? [])
  return {
    clientOf(request, peer) {
      const forwarded = forwardedOf(request)
      if (!peer) return 'unknown'
      if (!forwarded) return peer
      // proxy-addr reads a Node request: the peer and the header are all it looks at.
      const message = { headers: { 'x-forwarded-for': forwarded }, connection: { remoteAddress: peer } }
      return proxyAddr(message as unknown as IncomingMessage, trust)
    },
    untrustedForwarding: (request, peer) => forwardedOf(request) !== null && peer !== undefined && !trust(peer, 0),
  }
}
