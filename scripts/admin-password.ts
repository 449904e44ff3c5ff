/**
 * `bun run admin:password [new-password] [--disable-2fa]` sets the administrator password stored in the
 * database and signs every session out. Without a password it generates one. With the flag it also
 * turns two-factor sign-in off, for an administrator who lost their authenticator.
 */
import { generatePassword, storePasswordHash } from '../src/server/auth/password'
import { passwordPolicyProblem } from '../src/server/auth/password-policy'
import { createSessionStore } from '../src/server/auth/sessions'
import { SECURITY_MESSAGES } from '../src/shared/admin-security'
import { DISABLE_TWO_FACTOR_FLAG, disableTwoFactorOnRequest, openOperatorDatabase } from './operator-tools'

const args = process.argv.slice(2)
const unknownFlag = args.find((arg) => arg.startsWith('--') && arg !== DISABLE_TWO_FACTOR_FLAG)
const chosen = args.find((arg) => !arg.startsWith('--'))
const { config, db, record } = await openOperatorDatabase()
const problem = unknownFlag
  ? `Unknown option ${unknownFlag}: the only one is ${DISABLE_TWO_FACTOR_FLAG}.`
  : chosen === undefined
    ? null
    : ((await passwordPolicyProblem(chosen)) ??
      (chosen === config.PREVIEW_PASSWORD ? SECURITY_MESSAGES.newPasswordIsPreviewerPassword : null))
if (problem) {
  console.error(problem)
  db.$client.close()
  process.exit(1)
}
const password = chosen ?? generatePassword()
await storePasswordHash(db, password)
await createSessionStore(db).revokeAll()
await record('password.reset')
console.log(chosen ? 'Administrator password updated.' : `New administrator password: ${password}`)
await disableTwoFactorOnRequest(db, args, record)
console.log('All administrator sessions were signed out.')
db.$client.close()
if (config.ADMIN_PASSWORD)
  console.log(
    'Note: ADMIN_PASSWORD is set in this environment; it becomes the password again only when its value changes.',
  )
