import { expect, test } from 'bun:test'
import { ConfigError, loadConfig, TRUST_PROXY_UNKNOWN } from '../config'
import { DEFAULT_TRUST_PROXY, trustedProxies } from './trusted-proxies'

const from = (forwarded?: string) =>
  new Request('http://localhost/', forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {})

test("by default a proxy on this machine or the private network is trusted to say who its client is; anyone else's word is not", () => {
  const { clientOf, untrustedForwarding } = trustedProxies(DEFAULT_TRUST_PROXY)
  expect(clientOf(from('203.0.113.5'), '127.0.0.1')).toBe('203.0.113.5')
  expect(clientOf(from('203.0.113.5'), '::1')).toBe('203.0.113.5')
  expect(clientOf(from('203.0.113.5'), '::ffff:127.0.0.1')).toBe('203.0.113.5')
  expect(clientOf(from('203.0.113.5'), '10.0.3.7')).toBe('203.0.113.5')
  expect(clientOf(from('203.0.113.5'), 'fd00::4')).toBe('203.0.113.5')
  // Only what the peer added counts: a private address further left may be a visitor's own, or written by one.
  expect(clientOf(from('6.6.6.6, 127.0.0.1'), '127.0.0.1')).toBe('127.0.0.1')
  expect(clientOf(from('198.51.100.7, 10.0.0.3'), '10.0.0.2')).toBe('10.0.0.3')
  expect(clientOf(from('6.6.6.6, 198.51.100.7'), '10.0.0.2')).toBe('198.51.100.7')
  // A visitor straight from the internet cannot choose its address.
  expect(clientOf(from('1.2.3.4'), '203.0.113.9')).toBe('203.0.113.9')
  expect(untrustedForwarding(from('1.2.3.4'), '203.0.113.9')).toBe(true)
  expect(untrustedForwarding(from('1.2.3.4'), '127.0.0.1')).toBe(false)
  expect(untrustedForwarding(from(), '203.0.113.9')).toBe(false)
  expect(clientOf(from(), '203.0.113.9')).toBe('203.0.113.9')
  expect(clientOf(from('1.2.3.4'), undefined)).toBe('unknown')
})

test('TRUST_PROXY names the proxies, trusts every peer (its last address), or none', () => {
  const named = trustedProxies('192.0.2.10, 2001:db8::/32')
  expect(named.clientOf(from('203.0.113.5'), '192.0.2.10')).toBe('203.0.113.5')
  expect(named.clientOf(from('203.0.113.5'), '2001:db8::9')).toBe('203.0.113.5')
  expect(named.clientOf(from('203.0.113.5'), '127.0.0.1')).toBe('127.0.0.1')
  // A chain of named proxies: the client is the last address none of them added.
  const chain = trustedProxies('10.0.0.0/8')
  expect(chain.clientOf(from('6.6.6.6, 198.51.100.7, 10.0.0.3'), '10.0.0.2')).toBe('198.51.100.7')
  // A client's long chain is read from its end only.
  expect(chain.clientOf(from(`${'10.0.0.9, '.repeat(2000)}10.0.0.3`), '10.0.0.2')).toBe('10.0.0.9')
  expect(trustedProxies('true').clientOf(from('6.6.6.6, 203.0.113.5'), '203.0.113.9')).toBe('203.0.113.5')
  expect(trustedProxies('false').clientOf(from('203.0.113.5'), '127.0.0.1')).toBe('127.0.0.1')
})

test('a TRUST_PROXY that names nothing known is refused at start', () => {
  expect(loadConfig({}).TRUST_PROXY).toBe(DEFAULT_TRUST_PROXY)
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, loopback')
  expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(TRUST_PROXY_UNKNOWN)
  expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(ConfigError)
  // Express's hop count is not an address here (proxy-addr would read 1 as 0.0.0.1), and an empty list is nothing.
  expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(TRUST_PROXY_UNKNOWN)
  expect(() => loadConfig({ TRUST_PROXY: ' , ' })).toThrow(TRUST_PROXY_UNKNOWN)
})
