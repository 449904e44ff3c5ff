import { type QueryKey, type UseSuspenseQueryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'

/**
 * A page's data, as useSuspenseQuery gives it. Before a server render the route's loader has put the page's
 * queries in the cache, and the page is rendered once: there the data is read from the cache (through the
 * query's `select`, if it has one), without the query observer useSuspenseQuery makes for updates nobody
 * will see. In the browser, or when the query has not succeeded (the loader failed or did not ask for it),
 * it is useSuspenseQuery itself, which suspends, throws or keeps earlier data as before. Asked per render, as
 * SiteLink does: tests bring a DOM and take it away within one process.
 */
export function useLoadedQuery<TQueryFnData, TData = TQueryFnData, TKey extends QueryKey = QueryKey>(
  options: UseSuspenseQueryOptions<TQueryFnData, Error, TData, TKey>,
): { data: TData } {
  const queryClient = useQueryClient()
  const cached = typeof document === 'undefined' ? queryClient.getQueryState<TQueryFnData>(options.queryKey) : undefined
  if (cached?.status === 'success') {
    const data = cached.data as TQueryFnData
    return { data: options.select ? options.select(data) : (data as unknown as TData) }
  }
  // biome-ignore lint/correctness/useHookAtTopLevel: a server render takes one branch once, the browser always this one
  return useSuspenseQuery(options)
}
