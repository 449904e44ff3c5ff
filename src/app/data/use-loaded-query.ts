import { type QueryKey, type UseSuspenseQueryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'

/**
 * A page's data, as useSuspenseQuery gives it. Before a server render the route's loader has put the page's
 * queries in the cache, and the page is rendered once: there the data is read from the cache, without the
 * query observer useSuspenseQuery makes for updates nobody will see (about a fiftieth of a search page's
 * render). Options that would change the cached data (`select`) are not taken. In the browser, or when the data is not in the cache (the loader failed or did not ask for it),
 * it is useSuspenseQuery itself, which suspends or throws as before. Asked per render, as SiteLink does:
 * tests bring a DOM and take it away within one process.
 */
export function useLoadedQuery<TData, TKey extends QueryKey>(
  options: Omit<UseSuspenseQueryOptions<TData, Error, TData, TKey>, 'select'>,
): { data: TData } {
  const queryClient = useQueryClient()
  const cached = typeof document === 'undefined' ? queryClient.getQueryState<TData>(options.queryKey) : undefined
  if (cached?.status === 'success') return { data: cached.data as TData }
  // biome-ignore lint/correctness/useHookAtTopLevel: a server render takes one branch once; the browser always takes this one
  return useSuspenseQuery(options)
}
