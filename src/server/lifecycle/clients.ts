import { DEFAULT_TRUST_PROXY, trustedProxies } from '../http/trusted-proxies'
import type { Logger } from '../observability/logger'

/** What of Bun's server the client's address is read from. */
interface Peers {
  requestIP(request: Request): { address: string } | null
}

/**
 * Who sent each request, as the rate limits, the render line, the audit log and the request log count
 * them: read once per request by the lifecycle (request-context.ts), kept with the request as the key. The
 * first forwarded address from a peer not trusted to give one is logged: a proxy in front that TRUST_PROXY
 * does not name makes every visitor one client.
 */
export function createClients({
  trust = DEFAULT_TRUST_PROXY,
  server,
  logger,
}: {
  /** TRUST_PROXY. */
  trust?: string
  server: () => Peers | null | undefined
  logger?: Pick<Logger, 'warn'>
}) {
  const proxies = trustedProxies(trust)
  const keys = new WeakMap<Request, string>()
  /** Requests read on the site's origin (request-target.ts): only the request Bun made knows its peer. */
  const peers = new WeakMap<Request, string | undefined>()
  let warned = false
  return {
    rememberPeer(request: Request, peer: string | undefined) {
      peers.set(request, peer)
    },
    identify(request: Request, peer: string | undefined) {
      const from = peer ?? peers.get(request)
      if (!warned && from && logger && proxies.untrustedForwarding(request, from)) {
        warned = true
        logger.warn(
          'X-Forwarded-For from a peer TRUST_PROXY does not trust is ignored: behind a proxy at another address, name it in TRUST_PROXY',
          { peer: from },
        )
      }
      keys.set(request, proxies.clientOf(request, from))
    },
    key: (request: Request) => keys.get(request) ?? 'unknown',
    /** The request log also sees requests the lifecycle never read: the front door's, those refused on arrival. */
    address: (request: Request) =>
      keys.get(request) ?? proxies.clientOf(request, server()?.requestIP(request)?.address),
  }
}

export type Clients = ReturnType<typeof createClients>
