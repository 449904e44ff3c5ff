import { isIPv4, isIPv6 } from 'node:net'

/** An address as proxies write it, without brackets or a port ("[2001:db8::1]:443", "203.0.113.5:5678"). */
function bareAddress(raw: string): string {
  const trimmed = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)
  if (bracketed) return bracketed[1]!
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(trimmed)
  return withPort ? withPort[1]! : trimmed
}

/** An IPv6 address as its eight 16-bit groups (an embedded IPv4 tail as the last two), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null
  let text = address.split('%')[0]!.toLowerCase()
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [])
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back]
}

/**
 * The client a limit counts: the IPv4 address (also when written inside IPv6), or the /64 network of an
 * IPv6 one, which one subscriber usually holds whole (counting single addresses would hand an attacker
 * 2^64 fresh starts). Anything else (a proxy writing a name) counts as itself, cut short. `ipv6Bits` widens
 * the network where sharing is cheap and many networks would undo it: a home line is often given a /56 or a /48.
 */
export function clientNetwork(raw: string, ipv6Bits: 48 | 64 = 64): string {
  const address = bareAddress(raw)
  if (isIPv4(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address.slice(0, 64)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  return `${groups
    .slice(0, ipv6Bits / 16)
    .map((group) => group.toString(16))
    .join(':')}::/${ipv6Bits}`
}
