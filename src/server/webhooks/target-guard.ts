import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'

/** Every address a host name resolves to (a literal address resolves to itself). */
export type Resolve = (hostname: string) => Promise<string[]>

export const resolveHost: Resolve = async (hostname) =>
  (await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true, verbatim: true })).map((found) => found.address)

/**
 * Whether an address is one the internet can route to. Loopback, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast and the rest are not; an IPv4 address written as
 * IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address)
  // IPv4-compatible IPv6 (::7f00:1, deprecated) names an IPv4 address ipaddr.js does not unwrap.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false
  return parsed.range() === 'unicast'
}

/**
 * Null when a webhook may be sent to this URL; otherwise why not. Checked when the webhook is added and again
 * before every delivery, as what a name resolves to may change after it was added.
 */
export async function targetProblem(url: string, allowPrivate: boolean, resolve: Resolve = resolveHost) {
  if (allowPrivate) return null
  let addresses: string[]
  try {
    addresses = await resolve(new URL(url).hostname)
  } catch {
    return WEBHOOK_MESSAGES.unresolvable
  }
  if (addresses.length === 0) return WEBHOOK_MESSAGES.unresolvable
  return addresses.every(isPublicAddress) ? null : WEBHOOK_MESSAGES.privateTarget
}
