import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type RunningServer, startServer } from '../e2e/support/server'

/**
 * One client floods the server with searches no cache can answer, from more connections than the render
 * line holds (render-limit.ts: 4 running, 128 waiting), so the line is full all the time and some of its
 * own searches are refused with 503. Another visitor searching meanwhile is still answered every time:
 * clients take turns in the line, and a full line makes room for them out of the flood's place. The two
 * are told apart by X-Forwarded-For, as behind the proxy a deployment has (TRUST_PROXY). The flood comes from
 * a /64 of its own per connection, all in one /48, as one home line can: counted by /64, its 200 lines of one
 * render each would fill the line and leave no place to make.
 */
const FLOOD_CONNECTIONS = 200
const floodAddress = (connection: number) => `2001:db8:77:${connection.toString(16)}::1`
const VISITOR = '198.51.100.7'
const VISITOR_SEARCHES = 40

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', WARM_UP: 'true', TRUST_PROXY: 'true' })
})
afterAll(() => server?.stop())

async function search(client: string): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const res = await fetch(`${server.url}/blog?q=${crypto.randomUUID()}`, { headers: { 'x-forwarded-for': client } })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

const tally = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

const median = (answers: { ms: number }[]) => answers.map((a) => a.ms).sort((a, b) => a - b)[answers.length >> 1]!

test('a visitor searching while another client floods the render line is answered every time', async () => {
  let flooding = true
  const flood: { status: number; ms: number }[] = []
  const floodConnections = Array.from({ length: FLOOD_CONNECTIONS }, async (_, connection) => {
    while (flooding) flood.push(await search(floodAddress(connection)))
  })
  // Until the flood has filled the line: its first refusals.
  const deadline = Date.now() + 30_000
  while (!flood.some((answer) => answer.status === 503)) {
    if (Date.now() > deadline)
      throw new Error(`the flood did not fill the render line: ${JSON.stringify(tally(flood))}`)
    await Bun.sleep(20)
  }

  const visitor: { status: number; ms: number }[] = []
  for (let i = 0; i < VISITOR_SEARCHES; i++) {
    visitor.push(await search(VISITOR))
    await Bun.sleep(25)
  }
  flooding = false
  await Promise.all(floodConnections)

  console.log(
    `fair render line: flood ${JSON.stringify(tally(flood))}, median ${Math.round(median(flood))} ms; ` +
      `visitor ${JSON.stringify(tally(visitor))}, median ${Math.round(median(visitor))} ms`,
  )
  expect(tally(visitor)).toEqual({ 200: VISITOR_SEARCHES })
  expect(flood.some((answer) => answer.status === 503)).toBe(true)
  expect(flood.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([])
}, 120_000)
