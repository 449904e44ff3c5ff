import { HydrationBoundary, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { RequestInfoProvider, type RequestInfo } from './request-info'

/** The providers around the router, identical on the server and in the browser so hydration matches. */
export function AppProviders(props: {
  queryClient: QueryClient
  dehydratedState: DehydratedState
  request: RequestInfo
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <HydrationBoundary state={props.dehydratedState}>
        <RequestInfoProvider value={props.request}>{props.children}</RequestInfoProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  )
}
