import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { recordOffsiteBackup } from '../observability/metrics'
import { expiredBackups, isScheduledBackup } from './backup'
import type { OffsiteStore } from './offsite-store'

export interface OffsiteSync {
  /** Sent and checked in this run. */
  uploaded: string[]
  /** Not sent: each is sent again at the next run, while it is still among the newest kept. */
  failed: string[]
  /** Deleted from the bucket: beyond the newest `keep` of what it holds. */
  deleted: string[]
}

/**
 * Brings the bucket in line with the backup folder, after each scheduled backup: every scheduled backup in
 * `dir` that the newest `keep` include and the bucket lacks (or holds at another size) is uploaded and
 * checked, so one that failed in an earlier run is sent in this one. Then the bucket's scheduled backups
 * beyond its newest `keep` are deleted by the rule the folder follows (backup.ts `expiredBackups`), counting
 * only what it holds: a failed upload never makes it delete an older copy that is still needed. Each upload
 * is counted and logged; the run never throws, as a failure is retried at the next run.
 */
export async function syncOffsite(
  store: OffsiteStore,
  dir: string,
  keep: number,
  logger: Logger,
): Promise<OffsiteSync> {
  const result: OffsiteSync = { uploaded: [], failed: [], deleted: [] }
  const local = existsSync(dir) ? readdirSync(dir).filter(isScheduledBackup).sort() : []
  let stored: Map<string, number>
  try {
    stored = new Map((await store.list()).map((backup) => [backup.name, backup.bytes]))
  } catch (error) {
    // Nothing can be sent; the newest backup is the one missed (the others were counted when they were).
    result.failed.push(...local.slice(-1))
    recordOffsiteBackup('failure')
    logger.error('off-site backups failed: the bucket could not be listed; retried at the next backup', {
      url: store.url,
      ...errorFields(error),
    })
    return result
  }
  const expired = new Set(expiredBackups([...local, ...stored.keys()], keep))
  const missing = local.filter((name) => !expired.has(name) && stored.get(name) !== statSync(join(dir, name)).size)
  for (const name of missing) {
    const started = performance.now()
    try {
      const sent = await store.upload(join(dir, name), name)
      stored.set(name, sent.bytes)
      result.uploaded.push(name)
      recordOffsiteBackup('success')
      logger.info('backup uploaded', {
        url: `${store.url}/${name}`,
        ...sent,
        ms: Math.round(performance.now() - started),
      })
    } catch (error) {
      result.failed.push(name)
      recordOffsiteBackup('failure')
      logger.error('off-site backup upload failed: retried at the next backup', {
        url: `${store.url}/${name}`,
        ...errorFields(error),
      })
    }
  }
  try {
    for (const name of expiredBackups(stored.keys(), keep)) {
      await store.delete(name)
      result.deleted.push(name)
    }
  } catch (error) {
    logger.error('old off-site backups could not be deleted: tried again at the next backup', {
      url: store.url,
      ...errorFields(error),
    })
  }
  if (result.deleted.length > 0) logger.info('old off-site backups deleted', { url: store.url, names: result.deleted })
  return result
}
