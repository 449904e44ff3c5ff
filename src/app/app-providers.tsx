import { type DehydratedState, HydrationBoundary, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type AppData, AppDataProvider } from './data/app-data'
import { type RequestInfo, RequestInfoProvider } from './request-info'

/** The providers around the router, identical on the server and in the browser so hydration matches. */
export function AppProviders(props: {
  queryClient: QueryClient
  data: AppData
  dehydratedState: DehydratedState
  request: RequestInfo
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <HydrationBoundary state={props.dehydratedState}>
        <AppDataProvider value={props.data}>
          <RequestInfoProvider value={props.request}>{props.children}</RequestInfoProvider>
        </AppDataProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  )
}
