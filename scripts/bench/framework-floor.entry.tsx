/**
 * The least a page of this stack can ship: the three client libraries the customer fixed, wired the way
 * entry.client.tsx wires them, with no page of ours. Built only by scripts/bench/framework-floor.ts.
 */
import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'

const router = createBrowserRouter([{ path: '/', element: null }])
hydrateRoot(
  document,
  <QueryClientProvider client={new QueryClient()}>
    <HydrationBoundary state={{ mutations: [], queries: [] }}>
      <RouterProvider router={router} />
    </HydrationBoundary>
  </QueryClientProvider>,
)
