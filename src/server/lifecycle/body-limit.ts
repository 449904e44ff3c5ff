import { Elysia } from 'elysia'
import { declaresBodyOver, REQUEST_BODY_CAP_BYTES } from '../http/body-bytes'
import { jsonError } from '../http/json-body'

/** A body declared past the cap is refused on arrival (http/body-bytes.ts), before the request is routed. */
export const bodyLimit = () =>
  new Elysia({ name: 'body-limit' }).onRequest(({ request }) => {
    // Closed after answering, so a client that declared gigabytes does not get to send them.
    if (declaresBodyOver(request, REQUEST_BODY_CAP_BYTES))
      return jsonError(413, 'The request body is too large', { connection: 'close' })
  })
