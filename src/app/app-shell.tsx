import { HydrationBoundary, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, StrictMode } from 'react'
import type { BootstrapData } from './bootstrap-data'
import { type AppData, AppDataProvider } from './data/app-data'
import { Document } from './document'
import { RequestInfoProvider } from './request-info'

/**
 * The document and the providers around the router: the server renders and the browser hydrates this
 * same tree (only the router inside differs), so both must come from here.
 */
export function AppShell(props: {
  bootstrap: Pick<BootstrapData, 'assets' | 'queries' | 'request'>
  queryClient: QueryClient
  data: AppData
  children: ReactNode
}) {
  const { bootstrap } = props
  return (
    <StrictMode>
      <Document assets={bootstrap.assets}>
        <QueryClientProvider client={props.queryClient}>
          <HydrationBoundary state={bootstrap.queries}>
            <AppDataProvider value={props.data}>
              <RequestInfoProvider value={bootstrap.request}>{props.children}</RequestInfoProvider>
            </AppDataProvider>
          </HydrationBoundary>
        </QueryClientProvider>
      </Document>
    </StrictMode>
  )
}
