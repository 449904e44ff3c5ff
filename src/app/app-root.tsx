import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router'
import { ToastProvider } from './components/toast/toaster'
import { ServerErrorPage } from './pages/not-found/server-error-page'
import { NotFoundPage } from './pages/not-found/not-found-page'

/** The root route: providers every page shares. Pages choose their own chrome (site layout or standalone). */
export function AppRoot() {
  return (
    <ToastProvider>
      <ScrollRestoration />
      <Outlet />
    </ToastProvider>
  )
}

export function RootErrorBoundary() {
  const error = useRouteError()
  return (
    <ToastProvider>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ServerErrorPage />}
    </ToastProvider>
  )
}
