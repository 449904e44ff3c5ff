import { Elysia } from 'elysia'
import { jsonError } from '../http/json-body'
import { requestOnOrigin } from '../http/request-target'
import type { Clients } from './clients'

/** HTTP semantics (issue 18): a request without Host is read on the site's own origin (http/request-target.ts). */
export const requestTarget = (ownOrigin: string, clients: Clients) =>
  new Elysia({ name: 'request-target' }).onRequest((ctx) => {
    const onOrigin = requestOnOrigin(ctx.request, ownOrigin)
    if (!onOrigin) return jsonError(400, 'The Host header is not valid')
    if (onOrigin === ctx.request) return
    clients.rememberPeer(onOrigin, ctx.server?.requestIP(ctx.request)?.address)
    ctx.request = onOrigin
  })
