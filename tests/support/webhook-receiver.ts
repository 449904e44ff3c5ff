/**
 * A receiver on loopback that answers each POST with the next status given (then `otherwise`), keeping what
 * came. A file of its own: the browser tests use it without the app's modules.
 */
export function webhookReceiver(statuses: number[] = [], otherwise = 200) {
  const received: { headers: Record<string, string>; body: string }[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() })
      return new Response(null, { status: statuses.shift() ?? otherwise })
    },
  })
  return { url: `http://127.0.0.1:${server.port}/hook`, received, stop: () => server.stop(true) }
}

export type WebhookReceiver = ReturnType<typeof webhookReceiver>
