import { data, type LoaderFunctionArgs, useRouteLoaderData } from 'react-router'
import { site } from '../../content/site'
import type { SiteFacts } from '../../shared/site-facts'
import { loaderServicesContext } from '../router-context'

/** The public layout's route: its loader data is the owner's links. */
export const SITE_LAYOUT_ROUTE = 'site-layout'

/**
 * The public layout's loader: the links arrive with the page, read once per visit (the route does not
 * revalidate). A failed read is not the page's failure: the footer shows the default links, and the page
 * says it must not be stored, so no cache keeps it past the failure.
 */
export async function siteLayoutLoader({ context }: LoaderFunctionArgs) {
  try {
    return await context.get(loaderServicesContext).data.site.links()
  } catch {
    return data(site.defaultFacts, { headers: { 'cache-control': 'no-store' } })
  }
}

/** The owner's links, as the layout's loader read them; the defaults where there is no layout (error pages). */
export function useSiteFacts(): SiteFacts {
  return (useRouteLoaderData(SITE_LAYOUT_ROUTE) as SiteFacts | undefined) ?? site.defaultFacts
}
