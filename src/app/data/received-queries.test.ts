import { expect, test } from 'bun:test'
import { dehydrate, hydrate } from '@tanstack/react-query'
import { createBrowserQueryClient, createServerQueryClient } from '../query-client'
import { dateQueriesByArrival } from './received-queries'

const TEN_MINUTES = 600_000

/** What a browser holds after hydrating a page rendered ten minutes before it arrived. */
function hydratedFromOldPage(dated: boolean) {
  const server = createServerQueryClient()
  server.setQueryData(['jobs', 'list'], [{ slug: 'animator' }], { updatedAt: Date.now() - TEN_MINUTES })
  const state = dehydrate(server)
  if (dated) dateQueriesByArrival(state, Date.now())
  const browser = createBrowserQueryClient()
  hydrate(browser, state)
  return browser.getQueryCache().find({ queryKey: ['jobs', 'list'] })!
}

test("a cached page's data counts as fresh from its arrival, and ages from there like any query's", () => {
  const query = hydratedFromOldPage(true)
  expect(query.state.data).toEqual([{ slug: 'animator' }])
  expect(query.isStaleByTime(60_000)).toBe(false)
  expect(query.state.dataUpdatedAt).toBeGreaterThan(Date.now() - 1000)
  expect(hydratedFromOldPage(false).isStaleByTime(60_000)).toBe(true)
})
