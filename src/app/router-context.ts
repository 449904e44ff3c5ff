import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react-router'
import type { AppData } from './data/app-data'

/** What loaders receive through react-router's context on both sides: the query cache they prime and the data source. */
export interface LoaderServices {
  queryClient: QueryClient
  data: AppData
}

export const loaderServicesContext = createContext<LoaderServices>()

/**
 * Set by an action for its own request: the loaders that run after it answer on the address posted to, so
 * a form's answer (its errors and what was typed) is not lost to a redirect from an old address.
 */
export const formPostedContext = createContext<boolean>(false)
