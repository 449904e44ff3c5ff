import { Elysia } from 'elysia'
import { compressAnswer } from '../http/compression'

/** The framework's answers as they leave: their connection during a shutdown, and their encoding (JSON too). */
export const answerMapping = (draining: () => boolean) =>
  new Elysia({ name: 'answer-mapping' }).mapResponse({ as: 'global' }, ({ request, responseValue, set }) => {
    // Decided when the answer is made, not when the request came: one that was in flight when the
    // shutdown began must also tell its client not to send another request on this connection.
    if (draining()) set.headers.connection = 'close'
    return compressAnswer(request, responseValue, set.status)
  })
