import { eq } from 'drizzle-orm'
import type { AnalyticsSettings } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { appSettings } from '../../db/schema'

const KEY = 'analytics'

/**
 * The owner's switch, stored for every process: each reads it before its first count and again before every
 * write (recorder.ts), so a change made in one reaches the others within seconds. ANALYTICS=off overrides it.
 */
export function createAnalyticsSettings(
  db: Database,
  { allowedByServer, retentionDays, clock }: { allowedByServer: boolean; retentionDays: number; clock: () => number },
) {
  let enabled: boolean | null = null

  async function refresh(): Promise<AnalyticsSettings> {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
    enabled = row?.value !== 'off'
    return { enabled, allowedByServer, retentionDays }
  }

  return {
    /** Whether an event is counted now (read from the database the first time). */
    async counting(): Promise<boolean> {
      if (!allowedByServer) return false
      return enabled ?? (await refresh()).enabled
    },
    refresh,
    async save(next: boolean): Promise<AnalyticsSettings> {
      const value = next ? 'on' : 'off'
      await db
        .insert(appSettings)
        .values({ key: KEY, value, updatedAt: new Date(clock()) })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date(clock()) } })
      enabled = next
      return { enabled, allowedByServer, retentionDays }
    },
  }
}
