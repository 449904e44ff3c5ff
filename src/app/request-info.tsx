import { createContext, type ReactNode, useContext } from 'react'

/**
 * Values the server fixes once per request and hands to the browser with the hydration data, so both
 * sides render the same dates and absolute URLs.
 */
export interface RequestInfo {
  /** Epoch milliseconds picked by the server for this request. */
  now: number
  /** Public origin used for canonical and share-preview URLs, e.g. https://kindlewave.studio */
  origin: string
}

const RequestInfoContext = createContext<RequestInfo | null>(null)

export function RequestInfoProvider({ value, children }: { value: RequestInfo; children: ReactNode }) {
  return <RequestInfoContext.Provider value={value}>{children}</RequestInfoContext.Provider>
}

export function useRequestInfo(): RequestInfo {
  const info = useContext(RequestInfoContext)
  if (!info) throw new Error('useRequestInfo must be used inside RequestInfoProvider')
  return info
}
