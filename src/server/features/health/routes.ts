import { Elysia } from 'elysia'
import { type Database, isDatabaseReachable } from '../../db/client'

/** Liveness for Docker's HEALTHCHECK and load balancers: 200 only when the database answers. */
export function healthRoutes(db: Database) {
  return new Elysia({ name: 'health' }).get('/healthz', async ({ set }) => {
    const database = await isDatabaseReachable(db)
    set.status = database ? 200 : 503
    set.headers['cache-control'] = 'no-store'
    return { status: database ? 'ok' : 'unavailable', database: database ? 'reachable' : 'unreachable' }
  })
}
