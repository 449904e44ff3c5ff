import { expect, test } from 'bun:test'
import { join } from 'node:path'

const SERVER = join(import.meta.dir, '..')

/** Whether prom-client is loaded in a fresh process once `script` has run (in src/server). */
async function promClientLoadedAfter(script: string): Promise<boolean> {
  const run = Bun.spawn(
    ['bun', '-e', `${script}; console.log(Object.keys(require.cache).some((path) => path.includes('/prom-client/')))`],
    { cwd: SERVER, stdout: 'pipe', stderr: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  )
  const [out, code] = await Promise.all([new Response(run.stdout).text(), run.exited])
  expect(code).toBe(0)
  return JSON.parse(out.trim().split('\n').at(-1)!)
}

// prom-client takes a twentieth of a second to load, which every start without METRICS_TOKEN would pay.
test('the server and its app load no metrics library until metrics are enabled', async () => {
  expect(await promClientLoadedAfter(`await import('./app.ts'); await import('./render/render-threads.ts')`)).toBe(
    false,
  )
  expect(
    await promClientLoadedAfter(
      `await import('./app.ts'); await (await import('./observability/metrics.ts')).enableMetrics()`,
    ),
  ).toBe(true)
})
