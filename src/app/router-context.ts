import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react-router'
import type { AppData } from './data/app-data'

/** What loaders receive through react-router's context on both sides: the query cache they prime and the data source. */
export interface LoaderServices {
  queryClient: QueryClient
  data: AppData
}

export const loaderServicesContext = createContext<LoaderServices>()
