import { useEffect } from 'react'
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router'
import { ToastProvider } from './components/toast/toaster'
import { NotFoundPage } from './pages/not-found/not-found-page'
import { ServerErrorPage } from './pages/not-found/server-error-page'

/** The root route: providers every page shares. Pages choose their own chrome (site layout or standalone). */
/** Marks the end of hydration for browser tests and for styles that should only apply once interactive. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

export function AppRoot() {
  return (
    <ToastProvider>
      <HydrationMarker />
      <ScrollRestoration />
      <Outlet />
    </ToastProvider>
  )
}

export function RootErrorBoundary() {
  const error = useRouteError()
  return (
    <ToastProvider>
      <HydrationMarker />
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ServerErrorPage />}
    </ToastProvider>
  )
}
