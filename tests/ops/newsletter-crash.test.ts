import { expect, test } from 'bun:test'
import { newsletterCrashRun } from '../support/newsletter-crash'

/** 500 in the test line; `bun run test:newsletter-scale` runs the same with 10,000 (docs/testing.md). */
const COUNT = Number(process.env.NEWSLETTER_SUBSCRIBERS ?? 500)

test(`a newsletter to ${COUNT.toLocaleString('en')} subscribers, its sender killed with -9 midway and restarted: each gets it once`, async () => {
  const run = await newsletterCrashRun({ count: COUNT })
  console.log(`newsletter crash run: ${JSON.stringify(run)}`)
  expect(run.deliveredBeforeKill).toBeGreaterThan(0)
  expect(run.deliveredBeforeKill).toBeLessThan(COUNT)
  expect(run.recipients).toBe(COUNT)
  // No one got two different messages; a message the server accepted just as the sender died is sent again
  // with its own Message-ID (one at most: the sender has one in flight), which receivers drop as a duplicate.
  expect(run.recipientsWithTwoMessages).toBe(0)
  expect(run.resends).toBeLessThanOrEqual(1)
  expect(run.unsettledAtFirstLook).toBeLessThanOrEqual(1)
  expect(run.unsettled).toBe(0)
})
