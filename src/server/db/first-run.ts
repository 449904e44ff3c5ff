import { eq } from 'drizzle-orm'
import type { Database } from './client'
import { appSettings } from './schema'

/**
 * Set when a fresh install's first start seeds it; gone once the owner has finished the setup. A site from
 * before the setup existed never had it, so its owner is not asked.
 */
const SETUP_PENDING_KEY = 'setup_pending'

export async function markSetupPending(db: Pick<Database, 'insert'>, now: number): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: SETUP_PENDING_KEY, value: 'true', updatedAt: new Date(now) })
    .onConflictDoNothing()
}

export async function setupPending(db: Pick<Database, 'select'>): Promise<boolean> {
  const rows = await db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, SETUP_PENDING_KEY))
  return rows.length > 0
}

/** True when this call finished it (not already done). */
export async function finishSetup(db: Pick<Database, 'delete'>): Promise<boolean> {
  const gone = await db
    .delete(appSettings)
    .where(eq(appSettings.key, SETUP_PENDING_KEY))
    .returning({ key: appSettings.key })
  return gone.length > 0
}
