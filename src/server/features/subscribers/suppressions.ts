import { inArray } from 'drizzle-orm'
import { normalizeEmail } from '../../../shared/email'
import { hashSecretToken } from '../../auth/secret-token'
import type { Database } from '../../db/client'
import { newsletterSuppressions } from '../../db/schema'

/** What is kept of an address that unsubscribed: its SHA-256, enough to know it again and no more. */
export const suppressionHash = (email: string) => hashSecretToken(normalizeEmail(email))

/** Of these addresses (a batch of an import), the ones whose owners unsubscribed. */
export async function unsubscribedAmong(db: Database, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const byHash = new Map(emails.map((email) => [suppressionHash(email), email]))
  const rows = await db
    .select({ hash: newsletterSuppressions.addressHash })
    .from(newsletterSuppressions)
    .where(inArray(newsletterSuppressions.addressHash, [...byHash.keys()]))
  return new Set(rows.map((row) => byHash.get(row.hash)!))
}
