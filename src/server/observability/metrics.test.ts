import { expect, test } from 'bun:test'
import { packageLoadedAfter } from '../../../tests/support/loaded-packages'

// prom-client takes a twentieth of a second to load, which every start without METRICS_TOKEN would pay.
test('the server and its app load no metrics library until metrics are enabled', async () => {
  expect(
    await packageLoadedAfter('prom-client', `await import('./app.ts'); await import('./render/render-threads.ts')`),
  ).toBe(false)
  expect(
    await packageLoadedAfter(
      'prom-client',
      `await import('./app.ts'); await (await import('./observability/metrics.ts')).enableMetrics()`,
    ),
  ).toBe(true)
})
