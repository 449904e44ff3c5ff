import { Elysia } from 'elysia'
import { type Database, isDatabaseReachable, localDiskFile } from '../../db/client'
import { DISK_FULL } from '../../db/errors'
import { createDiskWatch, type DiskSpace } from '../../ops/disk-space'
import { createReadiness } from './readiness'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * Docker's HEALTHCHECK: 200 when the database answers and the disk under it has room (507 when full). A
 * plain function of the database, so it can answer before the framework does.
 */
export async function healthz(db: Database, disk: () => Promise<DiskSpace> = noDisk): Promise<Response> {
  const [database, space] = await Promise.all([isDatabaseReachable(db), disk()])
  if (space.full)
    return json(DISK_FULL.status, {
      status: 'disk full',
      database: database ? 'reachable' : 'unreachable',
      disk: { folder: space.folder, freeBytes: space.freeBytes },
    })
  return json(database ? 200 : 503, {
    status: database ? 'ok' : 'unavailable',
    database: database ? 'reachable' : 'unreachable',
  })
}

const noDisk = async (): Promise<DiskSpace> => ({ full: false })

/**
 * `/livez`: the process is up and answering (restart it when not); nothing else is asked, so a database
 * outage does not get every process restarted. `/readyz`: send it traffic (readiness.ts); 503 with the
 * reason otherwise, and from the moment a shutdown begins.
 */
export function healthRoutes(db: Database, draining: () => boolean = () => false) {
  const readiness = createReadiness(db, draining)
  const disk = createDiskWatch(localDiskFile(db))
  return new Elysia({ name: 'health' })
    .get('/healthz', () => healthz(db, disk))
    .get('/livez', () => json(200, { status: 'ok' }))
    .get('/readyz', async () => {
      const result = await readiness()
      return result.ready
        ? json(200, { status: 'ready' })
        : json(503, { status: 'unavailable', reason: result.reason, ...(result.code ? { code: result.code } : {}) })
    })
}
