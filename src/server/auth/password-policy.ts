import { dictionary } from '@zxcvbn-ts/language-common'
import { newPasswordProblem, SECURITY_MESSAGES } from '../../shared/admin-security'

/** zxcvbn's list of about 49,000 passwords seen most often in breaches. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'])

/** A common password, also with digits or symbols added at either end ("Password2026!", "!!qwertyuiop"). */
function isCommon(password: string): boolean {
  const lower = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lower)) return true
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  return core.length >= 4 && COMMON_PASSWORDS.has(core)
}

/**
 * The first reason a new administrator password is refused, or null: the form's own rules plus the
 * common-password list, which only the server holds. (The previewer password is checked by the caller.)
 */
export function passwordPolicyProblem(newPassword: string): string | null {
  const basic = newPasswordProblem(newPassword)
  if (basic) return basic
  if (isCommon(newPassword) || new Set(newPassword).size < 4) return SECURITY_MESSAGES.newPasswordCommon
  return null
}
