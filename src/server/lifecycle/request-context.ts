import { Elysia } from 'elysia'
import { nextRequestId } from '../http/request-id'
import { createNonce, securityHeaders } from '../http/security-headers'
import type { Clients } from './clients'

/**
 * What every request routed by the framework carries: its script nonce and security headers, its request
 * id (also sent back), its client and its start time. Rules and routes that read them use this plugin;
 * Elysia runs it once per request however many do.
 */
export const requestContext = (clients: Clients, production: boolean) =>
  new Elysia({ name: 'request-context' }).derive({ as: 'global' }, ({ set, request, server }) => {
    const nonce = createNonce()
    const requestId = nextRequestId()
    Object.assign(set.headers, securityHeaders(nonce, production), { 'x-request-id': requestId })
    clients.identify(request, server?.requestIP(request)?.address)
    return { nonce, requestId, startedAt: performance.now() }
  })

export type RequestContext = ReturnType<typeof requestContext>
