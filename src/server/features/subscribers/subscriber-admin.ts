import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import { toCsv } from '../../../shared/csv'
import {
  isEmail,
  normalizeEmail,
  SUBSCRIBER_NAME_MAX_LENGTH,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberImport,
  type SubscriberRow,
  type SubscriberStats,
} from '../../../shared/newsletter'
import { newSecretToken } from '../../auth/secret-token'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { subscribers } from '../../db/schema'
import { emptyWriteAheadLog } from '../../ops/erase'
import { takeOff } from './subscriber-service'
import { suppressedAmong } from './suppressions'

const DAY_MS = 24 * 60 * 60 * 1000
const IMPORT_BATCH = 500
/** Lines without an address named in an import's answer, at most. */
const IMPORT_LINES_REPORTED = 100

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
    // LIKE's own wildcards in what was typed are literal: escaped, with the ESCAPE clause that makes them so.
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const contains = (column: SQL | typeof subscribers.email) => sql`${column} LIKE ${pattern} ESCAPE '\\'`
    return and(
      q ? or(contains(subscribers.email), contains(sql`lower(${subscribers.name})`)) : undefined,
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
     * they are, and addresses that unsubscribed are left out. Null when the file cannot be read as CSV.
     */
    async importCsv(text: string): Promise<SubscriberImport | null> {
      let records: { record: string[]; info: { lines: number } }[]
      // csv-parse, imported with the first import rather than at start (scripts/first-use-packages.ts).
      const { parse } = await import('csv-parse/sync')
      try {
        records = parse(text, {
          bom: true,
          skip_empty_lines: true,
          relax_column_count: true,
          trim: true,
          info: true,
        }) as unknown as typeof records
      } catch {
        return null
      }
      const header = records[0]?.record.map((cell) => cell.toLowerCase()) ?? []
      const column = (name: string) => header.indexOf(name)
      const [emailColumn, nameColumn, stateColumn] = [column('email'), column('name'), column('state')]
      const invalidLines: number[] = []
      const people = new Map<string, string>()
      for (const { record, info } of emailColumn >= 0 ? records.slice(1) : records) {
        // A cell this site's own export protected from spreadsheets (a leading apostrophe) is read as written.
        const cell = (index: number) => (record[index] ?? '').replace(/^'(?=[=+\-@\t\r])/, '')
        const email = normalizeEmail(cell(Math.max(emailColumn, 0)))
        // An export's address never confirmed did not consent: it is not imported.
        if (stateColumn >= 0 && cell(stateColumn) === 'pending') continue
        if (!isEmail(email)) {
          if (invalidLines.length < IMPORT_LINES_REPORTED) invalidLines.push(info.lines)
        } else if (!people.has(email))
          people.set(email, nameColumn >= 0 ? cell(nameColumn).slice(0, SUBSCRIBER_NAME_MAX_LENGTH) : '')
      }
      const now = new Date(clock())
      let added = 0
      let unsubscribed = 0
      // A few hundred rows a write, so a long list does not hold the database from everyone else.
      const entries = [...people]
      for (let start = 0; start < entries.length; start += IMPORT_BATCH) {
        const slice = entries.slice(start, start + IMPORT_BATCH)
        // Checked in the write that adds them, so an unsubscribe landing meanwhile is honoured too: whoever
        // left is not put back by a list, only by subscribing again themselves.
        const [left, stored] = await content.write(async (tx) => {
          const left = await suppressedAmong(
            tx,
            slice.map(([email]) => email),
          )
          const batch = slice
            .filter(([email]) => !left.has(email))
            .map(([email, name]) => ({
              email,
              name,
              state: 'active' as const,
              key: newSecretToken(),
              createdAt: now,
              confirmedAt: now,
            }))
          if (batch.length === 0) return [left, 0] as const
          const rows = await tx
            .insert(subscribers)
            .values(batch)
            .onConflictDoNothing()
            .returning({ id: subscribers.id })
          return [left, rows.length] as const
        })
        unsubscribed += left.size
        added += stored
      }
      return { added, known: people.size - added - unsubscribed, unsubscribed, invalidLines }
    },

    /** Erases a subscriber and their queued mail, keeping their address out of imports; false when there is none. */
    async remove(id: number): Promise<boolean> {
      // Asked to be taken off, they stay off: a later import does not add them back.
      const gone = await content.write((tx) => takeOff(tx, eq(subscribers.id, id), clock()))
      // The address must not linger in the write-ahead log (ops/erase.ts).
      if (gone) await emptyWriteAheadLog(db)
      return gone
    },
  }
}

export type SubscriberAdmin = ReturnType<typeof createSubscriberAdmin>
