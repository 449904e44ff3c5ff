import { createAuditLog } from '../src/server/audit/audit-log'
import { createPasskeyStore } from '../src/server/auth/passkeys'
import { createSessionStore } from '../src/server/auth/sessions'
import { createTwoFactor } from '../src/server/auth/two-factor'
import { loadConfig } from '../src/server/config'
import { type Database, openDatabase } from '../src/server/db/client'
import { databaseLocationProblem } from '../src/server/db/database-location'
import { migrateDatabase } from '../src/server/db/migrate'
import { OWNER_ID } from '../src/shared/staff'

/** The flag of the operator commands for an administrator who lost their authenticator. */
export const DISABLE_TWO_FACTOR_FLAG = '--disable-2fa'

/** The site's database as the server would open it, migrated, and the audit log the commands write to. */
export async function openOperatorDatabase() {
  const config = loadConfig()
  const unwritable = databaseLocationProblem(config.DATABASE_URL)
  if (unwritable) {
    console.error(unwritable)
    process.exit(1)
  }
  const database = { url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN }
  const db = await openDatabase(database)
  await migrateDatabase(database)
  const audit = createAuditLog(db, { retentionDays: config.AUDIT_RETENTION_DAYS })
  return {
    config,
    db,
    record: (type: Parameters<typeof audit.record>[0]) => audit.record(type, { clientAddress: 'operator' }),
  }
}

/**
 * With the flag, the owner's two-factor sign-in goes off (secret and recovery codes forgotten), their passkeys go, and every session is
 * signed out: whoever set it up may not have been the owner. Says what it did.
 */
export async function disableTwoFactorOnRequest(
  db: Database,
  args: string[],
  record: (type: 'two_factor.disabled') => Promise<void>,
) {
  if (!args.includes(DISABLE_TWO_FACTOR_FLAG)) return
  const was = await createTwoFactor(db).disable()
  // A passkey signs in alone: the owner's go with their second factor.
  await createPasskeyStore(db).removeAllOf(OWNER_ID)
  if (was) await record('two_factor.disabled')
  await createSessionStore(db).revokeAll()
  console.log(
    `${was ? 'Two-factor sign-in was turned off' : 'Two-factor sign-in was already off'}; the owner's passkeys were removed and every session was signed out.`,
  )
}
