import { statfs } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Below this much room the disk counts as full: SQLite needs space for its write-ahead log and a
 * checkpoint, so writes start failing before the last byte goes.
 */
export const DISK_FULL_BELOW_BYTES = 1024 * 1024
/** A look at the disk is good for this long: /healthz is asked every few seconds. */
const LOOK_MS = 1000

export type DiskSpace = { full: false } | { full: true; folder: string; freeBytes: number }

/**
 * Whether the disk under the database file is full (for /healthz): looked at once a second at most, so
 * room made by the operator shows at the next look, without a restart. A database on a libSQL server has
 * no local disk to look at (its own full disk shows as /readyz failing its write, code SQLITE_FULL).
 */
export function createDiskWatch(databaseFile: string | null, clock: () => number = Date.now) {
  const folder = databaseFile ? dirname(databaseFile) : null
  let last: { at: number; space: Promise<DiskSpace> } | null = null
  const look = async (): Promise<DiskSpace> => {
    if (!folder) return { full: false }
    try {
      const stats = await statfs(folder)
      const freeBytes = stats.bavail * stats.bsize
      return freeBytes < DISK_FULL_BELOW_BYTES ? { full: true, folder, freeBytes } : { full: false }
    } catch {
      // A folder that cannot be looked at is the database check's to report.
      return { full: false }
    }
  }
  return (): Promise<DiskSpace> => {
    const now = clock()
    if (!last || now - last.at >= LOOK_MS) last = { at: now, space: look() }
    return last.space
  }
}
