import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSettings } from '../db/schema'

const KEY = 'content_version'
const CHECK_INTERVAL_MS = 1000

/**
 * A number that changes whenever public content changes. Writes here bump it at once; writes by other
 * processes sharing the database are seen within a second (the row is read at most once a second).
 */
export function createContentVersion(db: Database, clock: () => number = Date.now) {
  let value = ''
  let checkedAt = -Infinity
  let pending: Promise<string> | null = null

  async function read(): Promise<string> {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
    value = row?.value ?? '0'
    checkedAt = clock()
    return value
  }

  return {
    async current(): Promise<string> {
      if (clock() - checkedAt < CHECK_INTERVAL_MS) return value
      pending ??= read().finally(() => (pending = null))
      return pending
    },
    async bump(): Promise<void> {
      const next = `${clock()}-${Math.random().toString(36).slice(2, 8)}`
      await db
        .insert(appSettings)
        .values({ key: KEY, value: next, updatedAt: new Date(clock()) })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: new Date(clock()) } })
      value = next
      checkedAt = clock()
    },
  }
}

export type ContentVersion = ReturnType<typeof createContentVersion>
