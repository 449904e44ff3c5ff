import { expect, test } from 'bun:test'
import { newsletterCrashRun } from '../support/newsletter-crash'

test('a newsletter to 10,000 subscribers, its sender killed with -9 midway and restarted: each subscriber gets it once', async () => {
  const run = await newsletterCrashRun({ count: 10_000 })
  console.log(`newsletter crash run: ${JSON.stringify(run)}`)
  expect(run.deliveredBeforeKill).toBeGreaterThan(0)
  expect(run.deliveredBeforeKill).toBeLessThan(10_000)
  expect(run.recipients).toBe(10_000)
  // No one got two different messages; a message the server accepted just as the sender died is sent again
  // with its own Message-ID (one at most: the sender has one in flight), which receivers drop as a duplicate.
  expect(run.recipientsWithTwoMessages).toBe(0)
  expect(run.resends).toBeLessThanOrEqual(1)
  expect(run.unsettled).toBe(0)
})
