import { domainToASCII } from 'node:url'
import { eq, inArray } from 'drizzle-orm'
import { normalizeEmail } from '../../../shared/email'
import { hashSecretToken } from '../../auth/secret-token'
import type { Database } from '../../db/client'
import { newsletterSuppressions } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/**
 * One spelling per mailbox, for the list below: composed Unicode, lower case, the domain in ASCII (IDN) and
 * without a closing dot, so `José@Bücher.de.` and its other spellings are known as one address.
 */
function canonical(email: string): string {
  const address = normalizeEmail(email).normalize('NFC')
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1).replace(/\.$/, '')
  return `${address.slice(0, at)}@${domainToASCII(domain) || domain}`
}

/** What is kept of an address taken off the list: its SHA-256, enough to know it again and no more. */
const suppressionHash = (email: string) => hashSecretToken(canonical(email))

/** Keeps an address out of imports from now on: its owner unsubscribed, or asked to be deleted. */
export async function suppress(tx: WriteTx, email: string, now: number): Promise<void> {
  await tx
    .insert(newsletterSuppressions)
    .values({ addressHash: suppressionHash(email), createdAt: new Date(now) })
    .onConflictDoNothing()
}

/** Lets an address in again: its owner subscribed again and confirmed. */
export async function unsuppress(tx: WriteTx, email: string): Promise<void> {
  await tx.delete(newsletterSuppressions).where(eq(newsletterSuppressions.addressHash, suppressionHash(email)))
}

/** Of these addresses (a batch of an import), the ones kept out; read in the import's own write. */
export async function suppressedAmong(db: Database | WriteTx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const hashes = new Map(emails.map((email) => [email, suppressionHash(email)]))
  const rows = await db
    .select({ hash: newsletterSuppressions.addressHash })
    .from(newsletterSuppressions)
    .where(inArray(newsletterSuppressions.addressHash, [...new Set(hashes.values())]))
  const kept = new Set(rows.map((row) => row.hash))
  return new Set(emails.filter((email) => kept.has(hashes.get(email)!)))
}
