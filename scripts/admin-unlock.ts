/**
 * `bun run admin:unlock [--disable-2fa]` clears every login lock and failure counter, for an administrator
 * locked out (by their own typos, or from an address an attacker shares); with the flag it also turns
 * two-factor sign-in off, for one who lost their authenticator.
 */
import { createLoginThrottle } from '../src/server/features/admin/login-throttle'
import { disableTwoFactorOnRequest, openOperatorDatabase } from './operator-tools'

const { db, record } = await openOperatorDatabase()
const locked = await createLoginThrottle(db).unlockAll()
await record('login.unlocked')
console.log(`Login limits cleared (${locked} locked ${locked === 1 ? 'address' : 'addresses'} unlocked).`)
await disableTwoFactorOnRequest(db, process.argv.slice(2), record)
db.$client.close()
