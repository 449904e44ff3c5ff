/**
 * Asks `<url>/healthz` every 50 ms, each answer timed from the request to the last byte, in a process of
 * its own so the load the test makes does not delay the probe's own event loop. Stops when its stdin
 * closes and prints `{ "ms": [...], "failures": n }` on one line.
 */
const base = process.argv[2]!
const times: number[] = []
let failures = 0
let running = true

void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // Nothing is sent; the stream ends when the test is done with the probe.
  }
  running = false
})()

while (running) {
  const started = performance.now()
  try {
    const res = await fetch(`${base}/healthz`)
    await res.arrayBuffer()
    if (res.status === 200) times.push(performance.now() - started)
    else failures++
  } catch {
    failures++
  }
  await Bun.sleep(50)
}
console.log(JSON.stringify({ ms: times.map((ms) => Math.round(ms * 10) / 10), failures }))

export {}
