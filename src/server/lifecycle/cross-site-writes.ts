import { Elysia } from 'elysia'
import { isCrossSiteWrite } from '../http/request-guards'

/** Before the routes' own transform (the session check): a cross-site write is refused as such (403). */
export const crossSiteWrites = (siteUrl: string | undefined) =>
  new Elysia({ name: 'cross-site-writes' }).onTransform({ as: 'global' }, ({ request, status }) => {
    if (isCrossSiteWrite(request, siteUrl))
      return status(403, { error: 'Cross-site requests are not allowed' }) as unknown as undefined
  })
