import { expect, test } from 'bun:test'
import { clientNetwork, LIMIT_IPV6_PREFIX_DEFAULT } from './client-network'

test('a limit counts IPv4 addresses, IPv6 /64 networks, whatever way a proxy writes them', () => {
  const cases: [string, string][] = [
    ['203.0.113.5', '203.0.113.5'],
    ['203.0.113.5:5678', '203.0.113.5'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    ['0:0:0:0:0:ffff:1.2.3.4', '1.2.3.4'],
    ['::ffff:0102:0304', '1.2.3.4'],
    ['[2001:db8::1]:443', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::9', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ]
  for (const [raw, client] of cases) expect([raw, clientNetwork(raw)]).toEqual([raw, client])
  expect(clientNetwork('x'.repeat(500))).toHaveLength(64)
})

test('the render line counts an IPv6 /48 as one client, so the /64s of one home line share a place', () => {
  expect(clientNetwork('2001:db8:1:2:3:4:5:6', 48)).toBe('2001:db8:1::/48')
  expect(clientNetwork('2001:db8:1:ff00::9', 48)).toBe('2001:db8:1::/48')
  expect(clientNetwork('2001:db8:2::1', 48)).toBe('2001:db8:2::/48')
  expect(clientNetwork('::ffff:1.2.3.4', 48)).toBe('1.2.3.4')
})

test('sign-in and application limits count an IPv6 /56 by default: the /64s a home line is given share a count', () => {
  expect(LIMIT_IPV6_PREFIX_DEFAULT).toBe(56)
  expect(clientNetwork('2001:db8:1:2ff:3:4:5:6', 56)).toBe('2001:db8:1:200::/56')
  expect(clientNetwork('2001:db8:1:200::9', 56)).toBe('2001:db8:1:200::/56')
  expect(clientNetwork('2001:db8:1:300::9', 56)).toBe('2001:db8:1:300::/56')
  expect(clientNetwork('2001:db8:1:2ff::1', 60)).toBe('2001:db8:1:2f0::/60')
  expect(clientNetwork('203.0.113.9', 56)).toBe('203.0.113.9')
})
