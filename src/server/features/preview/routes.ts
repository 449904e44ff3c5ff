import { Elysia } from 'elysia'
import type { PreviewGate } from '../../../shared/preview'

/** The previewer's gate data for client navigation; the server render gets the same object directly. */
export function previewRoutes(gate: PreviewGate) {
  return new Elysia({ name: 'preview' }).get('/api/preview/gate', ({ set }) => {
    set.headers['cache-control'] = 'no-store'
    return gate
  })
}
