import type { DehydratedState } from '@tanstack/react-query'

/**
 * The server dates a page's queries by its render, and a page from the page cache may have been rendered
 * long before the 60 s a query stays fresh, though it is current when sent: the cache keeps a page per
 * content version. Dated by their arrival instead, hydration keeps them rather than asking the API again for
 * what the page already holds; from there on they age as any query does.
 */
export function dateQueriesByArrival(state: DehydratedState, arrivedAt: number): void {
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = arrivedAt
  }
}
