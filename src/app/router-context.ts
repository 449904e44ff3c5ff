import { createContext } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'

/**
 * What loaders receive through react-router's context on both sides: the query cache they prime.
 * Later features add their data interface here (server implementation on the server, JSON API in the browser).
 */
export interface LoaderServices {
  queryClient: QueryClient
}

export const loaderServicesContext = createContext<LoaderServices>()
