import { APPLICATION_BODY_LIMIT_BYTES } from '../../shared/application-rules'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A browser write from another site (a forged form or fetch). Browsers always send Origin on
 * cross-origin writes; clients without one (curl, server-to-server) are not browsers being tricked.
 */
export function isCrossSiteWrite(request: Request, siteUrl?: string): boolean {
  if (!WRITE_METHODS.has(request.method)) return false
  const origin = request.headers.get('origin')
  if (!origin) return false
  const allowed = new Set([new URL(request.url).host, request.headers.get('host'), siteUrl ? new URL(siteUrl).host : null])
  try {
    return !allowed.has(new URL(origin).host)
  } catch {
    return true
  }
}

/** Page form posts (the no-JavaScript application form) are small; anything bigger is refused before parsing. */
export function isOversizedFormPost(request: Request): boolean {
  return Number(request.headers.get('content-length') ?? 0) > APPLICATION_BODY_LIMIT_BYTES
}

/** The address a rate limit counts: the socket's peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddress(request: Request, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return socketAddress ?? 'unknown'
}
