import type { IncomingMessage } from 'node:http'
import proxyAddr from 'proxy-addr'

/**
 * Whose `X-Forwarded-For` counts: by default the peers a proxy of the site's own would be (loopback, link-local
 * and private networks, as Express names them), and only the address that peer added (the last): a private
 * address further left may be a visitor's own, or written by one. `TRUST_PROXY` names the proxies of a chain
 * (addresses, networks: the client is the last address none of them added), `true` trusts any peer (its last
 * address), `false` none. Anything before the counted address was written by the client and can be forged.
 */
export const DEFAULT_TRUST_PROXY = 'loopback, linklocal, uniquelocal'

/** A chain longer than this is a client's doing: only its end is read. */
const MAX_HOPS = 8

export interface TrustedProxies {
  /** The address a rate limit counts for this request from this socket peer. */
  clientOf(request: Request, peer: string | undefined): string
  /** Whether the request carries a forwarded address from a peer not trusted to give one (it is ignored). */
  untrustedForwarding(request: Request, peer: string | undefined): boolean
}

const forwardedOf = (request: Request) => request.headers.get('x-forwarded-for')?.trim() || null

/**
 * The setting as a list, or null when it names something proxy-addr does not know, or nothing, or a bare number
 * (Express's hop count, which proxy-addr would read as the address 0.0.0.1): TRUST_PROXY is then refused.
 */
export function trustList(setting: string): string[] | null {
  const list = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (list.length === 0 || list.some((entry) => /^\d+$/.test(entry))) return null
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
  const named = proxyAddr.compile(trustList(setting) ?? [])
  // The default trusts the peer alone; a list names every proxy of the chain.
  const trust =
    setting === DEFAULT_TRUST_PROXY ? (address: string, hop: number) => hop === 0 && named(address, 0) : named
  return {
    clientOf(request, peer) {
      const forwarded = forwardedOf(request)
      if (!peer) return 'unknown'
      if (!forwarded) return peer
      // proxy-addr reads a Node request: the peer and the header are all it looks at.
      const chain = forwarded.split(',').slice(-MAX_HOPS).join(',')
      const message = { headers: { 'x-forwarded-for': chain }, connection: { remoteAddress: peer } }
      return proxyAddr(message as unknown as IncomingMessage, trust)
    },
    untrustedForwarding: (request, peer) => forwardedOf(request) !== null && peer !== undefined && !named(peer, 0),
  }
}
