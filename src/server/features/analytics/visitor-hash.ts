import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { analyticsSalts } from '../../db/schema'

/**
 * The day's visitor hashes. The salt is random, made by the first process that needs it that day and read
 * by the others from the database, so a browser is one visitor across processes; it is kept in memory for
 * its day only and deleted from the database with the day's hashes (counts.ts), after which nothing
 * can tell whose hash was whose.
 */
export function createVisitorHash(db: Database, site: string) {
  let current: { day: string; salt: Promise<string> } | null = null

  async function saltOf(day: string): Promise<string> {
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
    const [row] = await db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} = ${day}`)
    if (!row) throw new Error(`the analytics salt of ${day} is missing`)
    return row.salt
  }

  return {
    /** The visitor's hash on `day`: of the salt, the site, the client (as the rate limits key it) and the user agent. */
    async of(day: string, client: string, userAgent: string): Promise<string> {
      if (current?.day !== day) {
        const salt = saltOf(day)
        current = { day, salt }
        // A failed read is tried again with the next event.
        salt.catch(() => {
          if (current?.salt === salt) current = null
        })
      }
      const salt = await current.salt
      return createHash('sha256').update(`${salt}\n${site}\n${client}\n${userAgent}`).digest('base64url').slice(0, 22)
    },
    /** Lets go of the salt in memory: its day is over and the database's copy is deleted (counts.ts). */
    forget() {
      current = null
    },
  }
}
