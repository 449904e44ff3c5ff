import { useEffect } from 'react'
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router'
import { PageViewBeacon } from './components/page-view-beacon'
import { ServerErrorPage } from './components/server-error-page'
import { ToastProvider } from './components/toast/toaster'
import { NotFoundPage } from './pages/not-found/not-found-page'

/** The root route: providers every page shares. Pages choose their own chrome (site layout or standalone). */
/** Marks the end of hydration for browser tests and for styles that should only apply once interactive. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

/**
 * react-router's scroll restoration, which acts only in the browser: in this router mode it writes nothing on
 * the server, where its seven hooks were a fiftieth of a search page's render. Asked per render, as SiteLink
 * does (tests bring a DOM and take it away within one process); its place among the children is kept either
 * way, so the ids of what follows stay the same.
 */
const inBrowser = () => typeof document !== 'undefined'

export function AppRoot() {
  return (
    <ToastProvider>
      <HydrationMarker />
      {inBrowser() && <ScrollRestoration />}
      <PageViewBeacon />
      <Outlet />
    </ToastProvider>
  )
}

/** A page that failed or was not found is not counted as a view. */
export function RootErrorBoundary() {
  const error = useRouteError()
  return (
    <ToastProvider>
      <HydrationMarker />
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ServerErrorPage />}
    </ToastProvider>
  )
}
