import { parse } from 'csv-parse/sync'
import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm'
import {
  isEmail,
  normalizeEmail,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberImport,
  type SubscriberRow,
  type SubscriberStats,
} from '../../../shared/newsletter'
import { newSecretToken } from '../../auth/secret-token'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { subscribers } from '../../db/schema'
import { toCsv } from '../../http/csv'
import { deleteMailFor } from '../../mail/outbox'
import { emptyWriteAheadLog } from '../../ops/erase'
import { subscriberRef } from './subscriber-service'

const DAY_MS = 24 * 60 * 60 * 1000

export interface SubscriberQuery {
  q: string
  state: 'active' | 'pending' | null
  tag: string | null
  page: number
}

const toRow = (row: typeof subscribers.$inferSelect): SubscriberRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  state: row.state,
  tags: row.tags,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
})

/** The newsletter's subscribers as the editors see them: listed, counted, exported, imported, deleted. */
export function createSubscriberAdmin(
  db: Database,
  { content, clock = Date.now }: { content: Pick<ContentVersion, 'write'>; clock?: () => number },
) {
  function where({ q, state, tag }: Omit<SubscriberQuery, 'page'>): SQL | undefined {
    const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
    return and(
      q
        ? or(like(subscribers.email, `%${escaped}%`), like(sql`lower(${subscribers.name})`, `%${escaped}%`))
        : undefined,
      state ? eq(subscribers.state, state) : undefined,
      tag
        ? sql`(${subscribers.tags} IS NULL OR EXISTS (SELECT 1 FROM json_each(${subscribers.tags}) WHERE json_each.value = ${tag}))`
        : undefined,
    )
  }

  return {
    async list(query: SubscriberQuery): Promise<{ rows: SubscriberRow[]; total: number }> {
      const filter = where(query)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(subscribers)
          .where(filter)
          .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
          .limit(SUBSCRIBERS_PAGE_SIZE)
          .offset((query.page - 1) * SUBSCRIBERS_PAGE_SIZE),
        db.select({ n: count() }).from(subscribers).where(filter),
      ])
      return { rows: rows.map(toRow), total: total?.n ?? 0 }
    },

    async stats(): Promise<SubscriberStats> {
      const now = clock()
      const joinedSince = (days: number) =>
        sql<number>`sum(CASE WHEN ${subscribers.state} = 'active' AND ${subscribers.confirmedAt} >= ${now - days * DAY_MS} THEN 1 ELSE 0 END)`
      const [row] = await db
        .select({
          active: sql<number>`sum(CASE WHEN ${subscribers.state} = 'active' THEN 1 ELSE 0 END)`,
          pending: sql<number>`sum(CASE WHEN ${subscribers.state} = 'pending' THEN 1 ELSE 0 END)`,
          joinedLast7Days: joinedSince(7),
          joinedLast30Days: joinedSince(30),
        })
        .from(subscribers)
      return {
        active: Number(row?.active ?? 0),
        pending: Number(row?.pending ?? 0),
        joinedLast7Days: Number(row?.joinedLast7Days ?? 0),
        joinedLast30Days: Number(row?.joinedLast30Days ?? 0),
      }
    },

    /** Every subscriber matching the filter, as a spreadsheet. */
    async csv(query: Omit<SubscriberQuery, 'page'>): Promise<{ csv: string; count: number }> {
      const rows = await db.select().from(subscribers).where(where(query)).orderBy(subscribers.id)
      const lines = rows.map((row) => [
        row.email,
        row.name,
        row.state,
        row.tags?.join(' ') ?? 'all posts',
        row.createdAt.toISOString(),
        row.confirmedAt?.toISOString() ?? '',
      ])
      return {
        csv: toCsv([['Email', 'Name', 'State', 'Tags', 'Subscribed', 'Confirmed'], ...lines]),
        count: rows.length,
      }
    },

    /**
     * Adds the addresses of a CSV (one per line, or a column named email, with an optional name column) as
     * confirmed subscribers to every post: whoever imports says they consented. Known addresses are left as
     * they are. Null when the file cannot be read as CSV.
     */
    async importCsv(text: string): Promise<SubscriberImport | null> {
      let records: string[][]
      try {
        records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true })
      } catch {
        return null
      }
      const header = records[0]?.map((cell) => cell.toLowerCase()) ?? []
      const emailColumn = header.indexOf('email')
      const nameColumn = header.indexOf('name')
      const body = emailColumn >= 0 ? records.slice(1) : records
      const firstLine = emailColumn >= 0 ? 2 : 1
      const invalidLines: number[] = []
      const people = new Map<string, string>()
      body.forEach((record, index) => {
        const email = normalizeEmail(record[Math.max(emailColumn, 0)] ?? '')
        if (!isEmail(email)) invalidLines.push(index + firstLine)
        else if (!people.has(email)) people.set(email, nameColumn >= 0 ? (record[nameColumn] ?? '').slice(0, 100) : '')
      })
      const now = new Date(clock())
      let added = 0
      await content.write(async (tx) => {
        for (const [email, name] of people) {
          const inserted = await tx
            .insert(subscribers)
            .values({ email, name, state: 'active', key: newSecretToken(), createdAt: now, confirmedAt: now })
            .onConflictDoNothing()
            .returning({ id: subscribers.id })
          added += inserted.length
        }
      })
      return { added, known: people.size - added, invalidLines }
    },

    /** Erases a subscriber and their queued mail; false when there is none. */
    async remove(id: number): Promise<boolean> {
      const gone = await content.write(async (tx) => {
        const [row] = await tx.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id })
        if (row) await deleteMailFor(tx, [subscriberRef(row.id)])
        return row !== undefined
      })
      // The address must not linger in the write-ahead log (ops/erase.ts).
      if (gone) await emptyWriteAheadLog(db)
      return gone
    },
  }
}

export type SubscriberAdmin = ReturnType<typeof createSubscriberAdmin>
