/**
 * A bystander: asks each path given (default `/healthz`) in turn every 50 ms, each answer timed from the
 * request to the last byte, in a process of its own so the load the test makes does not delay the probe's
 * own event loop. Stops when its stdin closes and prints, on one line,
 * `{ "<path>": { "ms": [...], "failures": n }, ... }`; a line `mark` on stdin starts a new set of samples,
 * so one probe measures the quiet before a flood and the flood itself (`{ "<path>": [set, set, ...] }`).
 */
const [base, pathList = '/healthz'] = process.argv.slice(2) as [string, string?]
const paths = pathList.split(',')
type Samples = { ms: number[]; failures: number }
const sets: Record<string, Samples>[] = []
const newSet = () => sets.push(Object.fromEntries(paths.map((path) => [path, { ms: [], failures: 0 }])))
newSet()
let running = true

void (async () => {
  const decoder = new TextDecoder()
  for await (const chunk of Bun.stdin.stream()) for (const _ of decoder.decode(chunk).matchAll(/mark/g)) newSet()
  running = false
})()

while (running) {
  for (const path of paths) {
    const samples = sets.at(-1)![path]!
    const started = performance.now()
    try {
      const res = await fetch(`${base}${path}`)
      await res.arrayBuffer()
      if (res.status === 200) samples.ms.push(Math.round((performance.now() - started) * 100) / 100)
      else samples.failures++
    } catch {
      samples.failures++
    }
  }
  await Bun.sleep(50)
}
console.log(JSON.stringify(Object.fromEntries(paths.map((path) => [path, sets.map((set) => set[path])]))))

export {}
