// ipaddr.js rather than node:net, whose evaluation at start took as long as the rest of the HTTP layer's.
import ipaddr from 'ipaddr.js'

/** An address as proxies write it, without brackets or a port ("[2001:db8::1]:443", "203.0.113.5:5678"). */
function bareAddress(raw: string): string {
  const trimmed = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)
  if (bracketed) return bracketed[1]!
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(trimmed)
  return withPort ? withPort[1]! : trimmed
}

/** An IPv6 address as its eight 16-bit groups (an embedded IPv4 tail as the last two), or null. */
const ipv6Groups = (address: string): number[] | null =>
  ipaddr.IPv6.isValid(address) ? ipaddr.IPv6.parse(address).parts : null

/** The IPv6 prefix that sign-in and application limits count as one client, unless configured (config.ts). */
export const LIMIT_IPV6_PREFIX_DEFAULT = 56

/**
 * The client a limit counts: the IPv4 address (also when written inside IPv6), or the network of an IPv6
 * one, `ipv6Bits` long. One subscriber usually holds a /64 whole, and a home line is often given a /56
 * or a /48: counting single addresses, or networks smaller than a subscriber holds, would hand an attacker
 * a fresh start per address. Anything else (a proxy writing a name) counts as itself, cut short.
 */
export function clientNetwork(raw: string, ipv6Bits = 64): string {
  const address = bareAddress(raw)
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address.slice(0, 64)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  const kept = Math.ceil(ipv6Bits / 16)
  const masked = groups.slice(0, kept).map((group, i) => {
    const bits = Math.min(16, ipv6Bits - i * 16)
    return group & ((0xffff << (16 - bits)) & 0xffff)
  })
  return `${masked.map((group) => group.toString(16)).join(':')}::/${ipv6Bits}`
}
