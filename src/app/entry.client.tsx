import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import './styles/index.css'
import { AppShell } from './app-shell'
import { BOOTSTRAP_GLOBAL, type BootstrapData } from './bootstrap-data'
import { createBrowserData } from './data/browser-data'
import { takePostContentFromDocument } from './data/post-content-in-document'
import { dateQueriesByArrival } from './data/received-queries'
import { createBrowserQueryClient } from './query-client'
import { deserializeRouteErrors } from './route-errors'
import { loaderServicesContext } from './router-context'
import { routes } from './routes'

declare global {
  interface Window {
    [BOOTSTRAP_GLOBAL]?: BootstrapData
  }
}

/** Lazy routes rendered by the server must be loaded before hydrating, or the first render would differ. */
async function loadInitialLazyRoutes() {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

async function hydrate() {
  const bootstrap = window[BOOTSTRAP_GLOBAL]
  if (!bootstrap) throw new Error('Missing server bootstrap data')
  // A document the browser kept (back, forward) is as old as its render says; one just received is current.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  if (navigation?.type !== 'back_forward') dateQueriesByArrival(bootstrap.queries, Date.now())
  await loadInitialLazyRoutes()
  takePostContentFromDocument(bootstrap.queries, bootstrap.postContentInDocument ?? [], document)

  const queryClient = createBrowserQueryClient()
  const data = createBrowserData()
  const router = createBrowserRouter(routes, {
    hydrationData: { ...bootstrap.router, errors: deserializeRouteErrors(bootstrap.router.errors) },
    getContext: () => {
      const context = new RouterContextProvider()
      context.set(loaderServicesContext, { queryClient, data })
      return context
    },
  })

  hydrateRoot(
    document,
    <AppShell bootstrap={bootstrap} queryClient={queryClient} data={data}>
      <RouterProvider router={router} />
    </AppShell>,
    {
      onRecoverableError(error) {
        console.error('Hydration error', error)
      },
    },
  )
}

void hydrate()
