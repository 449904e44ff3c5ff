import { Elysia } from 'elysia'
import { hasBearerToken } from '../../auth/bearer-token'
import { jsonError } from '../../http/json-body'
import { enableMetrics } from '../../observability/metrics'

/**
 * `/metrics` for Prometheus (its `authorization.credentials`), only with METRICS_TOKEN set: without it
 * there is no such route (the site's 404 page), and a missing or wrong token is a 401. The process enables
 * the metrics before it answers anything (main.ts), so they count from its first request.
 */
export function metricsRoutes(token: string | undefined) {
  const routes = new Elysia({ name: 'metrics' })
  if (!token) return routes
  return routes.get('/metrics', async ({ request }) => {
    if (!hasBearerToken(request, token))
      return jsonError(401, 'A valid metrics token is required', { 'www-authenticate': 'Bearer' })
    const registry = await enableMetrics()
    return new Response(await registry.metrics(), {
      headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
    })
  })
}
