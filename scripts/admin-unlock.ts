/**
 * `bun run admin:unlock` clears every login lock and failure counter, for an administrator locked out
 * (by their own typos, or from an address an attacker shares).
 */
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { applyMigrations } from '../src/server/db/migrate'
import { createLoginThrottle } from '../src/server/features/admin/login-throttle'

const config = loadConfig()
const db = await openDatabase({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN })
await applyMigrations(db)
const locked = await createLoginThrottle(db).unlockAll()
db.$client.close()
console.log(`Login limits cleared (${locked} locked ${locked === 1 ? 'address' : 'addresses'} unlocked).`)
