import { QueryClient } from '@tanstack/react-query'
import { WRITE_UNCONFIRMED_STATUS } from '../shared/write-outcome'

const MAX_RETRY_DELAY_MS = 10_000

/**
 * A refusal (400–499: a wrong password, a limit) is an answer; sending it again would only count twice. A
 * write the server could not confirm may have been stored: sending it again could store it twice.
 */
const isNotToRepeat = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && ((status >= 400 && status < 500) || status === WRITE_UNCONFIRMED_STATUS)
}

/**
 * Spec §7 query defaults: no refetch on interval or focus, fresh 60 s, 2 retries backing off from 1 s,
 * mutations retry once (after a network or server failure, never after a refusal or an unconfirmed write).
 */
export function createBrowserQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
      },
      mutations: { retry: (failures, error) => failures < 1 && !isNotToRepeat(error) },
    },
  })
}

/** One per server request, dropped with it: nothing is cached across visitors. */
export function createServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, staleTime: Infinity, retry: false } } })
}
