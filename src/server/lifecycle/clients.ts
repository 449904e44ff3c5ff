import { clientAddress } from '../http/request-guards'

/** What of Bun's server the client's address is read from. */
interface Peers {
  requestIP(request: Request): { address: string } | null
}

/**
 * Who sent each request, as the rate limits, the render line, the audit log and the request log count
 * them: read once per request by the lifecycle (request-context.ts), kept with the request as the key.
 */
export function createClients({ trustProxy, server }: { trustProxy: boolean; server: () => Peers | null | undefined }) {
  const keys = new WeakMap<Request, string>()
  /** Requests read on the site's origin (request-target.ts): only the request Bun made knows its peer. */
  const peers = new WeakMap<Request, string | undefined>()
  return {
    rememberPeer(request: Request, peer: string | undefined) {
      peers.set(request, peer)
    },
    identify(request: Request, peer: string | undefined) {
      keys.set(request, clientAddress(request, peer ?? peers.get(request), trustProxy))
    },
    key: (request: Request) => keys.get(request) ?? 'unknown',
    /** The request log also sees requests the lifecycle never read: the front door's, those refused on arrival. */
    address: (request: Request) =>
      keys.get(request) ?? clientAddress(request, server()?.requestIP(request)?.address, trustProxy),
  }
}

export type Clients = ReturnType<typeof createClients>
