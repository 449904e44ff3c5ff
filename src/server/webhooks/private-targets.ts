import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSettings } from '../db/schema'

const PRIVATE_TARGETS_KEY = 'webhooks_allow_private_targets'

/** Whether webhooks may reach loopback and private addresses (the owner's setting; off unless turned on). */
export async function allowsPrivateTargets(db: Database): Promise<boolean> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, PRIVATE_TARGETS_KEY))
  return row?.value === 'true'
}

export async function setAllowPrivateTargets(db: Database, allow: boolean, now: number): Promise<void> {
  const value = String(allow)
  const updatedAt = new Date(now)
  await db
    .insert(appSettings)
    .values({ key: PRIVATE_TARGETS_KEY, value, updatedAt })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } })
}
