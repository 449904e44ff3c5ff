import { Elysia } from 'elysia'
import type { PreviewerGate } from '../../../shared/previewer'

/** The previewer's gate data for client navigation; the server render gets the same object directly. */
export function previewerRoutes(gate: PreviewerGate) {
  return new Elysia({ name: 'previewer' }).get('/api/previewer/gate', ({ set }) => {
    set.headers['cache-control'] = 'no-store'
    return gate
  })
}
