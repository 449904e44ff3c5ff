import { newPasswordProblem, SECURITY_MESSAGES } from '../../shared/admin-security'
import { loadOnce } from '../process/load-once'

/**
 * zxcvbn's list of about 49,000 passwords seen most often in breaches, loaded at the first password
 * change: its dictionaries weigh about 16 MB that a server answering pages has no use for.
 */
const loadCommonPasswords = loadOnce(() =>
  import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'])),
)

/** A common password, also with digits or symbols added at either end ("Password2026!", "!!qwertyuiop"). */
async function isCommon(password: string): Promise<boolean> {
  const common = await loadCommonPasswords()
  const lower = password.toLowerCase()
  if (common.has(lower)) return true
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  return core.length >= 4 && common.has(core)
}

/**
 * The first reason a new administrator password is refused, or null: the form's own rules plus the
 * common-password list, which only the server holds. (The previewer password is checked by the caller.)
 */
export async function passwordPolicyProblem(newPassword: string): Promise<string | null> {
  const basic = newPasswordProblem(newPassword)
  if (basic) return basic
  if (new Set(newPassword).size < 4 || (await isCommon(newPassword))) return SECURITY_MESSAGES.newPasswordCommon
  return null
}
