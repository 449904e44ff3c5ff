/**
 * `bun run admin:password [new-password]` sets the administrator password stored in the database
 * (used when ADMIN_PASSWORD is not set) and signs every session out. Without an argument it generates one.
 */
import { generatePassword, storePasswordHash } from '../src/server/auth/password'
import { createSessionStore } from '../src/server/auth/sessions'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { applyMigrations } from '../src/server/db/migrate'

const config = loadConfig()
const password = process.argv[2] ?? generatePassword()
if (password.length < 8) {
  console.error('The password must have at least 8 characters.')
  process.exit(1)
}
const db = await openDatabase({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN })
await applyMigrations(db)
await storePasswordHash(db, password)
await createSessionStore(db).revokeAll()
db.$client.close()
console.log(process.argv[2] ? 'Administrator password updated.' : `New administrator password: ${password}`)
console.log('All administrator sessions were signed out.')
if (config.ADMIN_PASSWORD)
  console.log(
    'Note: ADMIN_PASSWORD is set in this environment; it becomes the password again only when its value changes.',
  )
