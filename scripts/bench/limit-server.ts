/**
 * The limit: a bare `Bun.serve` answering each route with the bytes the site sent for it (replay.ts), from
 * memory, in a process of its own. No server that runs JavaScript for a request can answer faster, so the
 * site's throughput is reported as a fraction of this one's. Run as
 * `bun scripts/bench/limit-server.ts <responses.json> <port>`.
 */
import { readFileSync } from 'node:fs'
import { type RecordedResponse, routeKey } from './replay'

const [file, port] = process.argv.slice(2)
const recorded = JSON.parse(readFileSync(file!, 'utf8')) as RecordedResponse[]
const answers = new Map(
  recorded.map((r) => [
    r.key,
    { body: Uint8Array.fromBase64(r.bodyBase64), init: { status: r.status, headers: r.headers } },
  ]),
)

Bun.serve({
  hostname: '127.0.0.1',
  port: Number(port),
  development: false,
  fetch(request) {
    const answer = answers.get(routeKey(new URL(request.url)))
    return answer ? new Response(answer.body, answer.init) : new Response('Not recorded', { status: 404 })
  },
})
