import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState, isRouteErrorResponse } from 'react-router'

type RouteErrors = NonNullable<HydrationState['errors']>

interface SerializedRouteError {
  __type: 'RouteErrorResponse' | 'Error'
  status?: number
  statusText?: string
  data?: unknown
}

/** Route errors as JSON for the hydration data; unexpected errors keep no message or stack (no internals leak). */
export function serializeRouteErrors(errors: RouteErrors | null | undefined): RouteErrors | null {
  if (!errors) return null
  const out: Record<string, SerializedRouteError> = {}
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
      : { __type: 'Error' }
  }
  return out
}

export function deserializeRouteErrors(errors: RouteErrors | null | undefined): RouteErrors | null {
  if (!errors) return null
  const out: RouteErrors = {}
  for (const [routeId, value] of Object.entries(errors as Record<string, SerializedRouteError>)) {
    out[routeId] =
      value.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(value.status ?? 500, value.statusText, value.data)
        : new Error('Unexpected error')
  }
  return out
}
