/** A free loopback port, found by binding to port 0: for the servers the tests start (the site, sqld, SMTP). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}
