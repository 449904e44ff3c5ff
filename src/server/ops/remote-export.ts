import { type Client, createClient, type InValue, type Transaction } from '@libsql/client'
import { type DatabaseOptions, fetchWithin, REMOTE_TIMEOUT_MS } from '../db/client'

/** Raw bytes asked for per page: far under a libSQL server's response limit (10 MB by default) once encoded. */
const PAGE_BYTES = 2 * 1024 * 1024

interface SchemaObject {
  type: string
  name: string
  sql: string
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Copies a libSQL server's database into a new local SQLite file, read inside one read transaction: the copy
 * is the database as it was at one instant, whatever is written meanwhile. sqld's own `/dump` cannot serve:
 * it leaves the quotes inside a virtual table's definition unescaped (the search index's), so its SQL does
 * not load. Tables are created, then filled (rowids kept, full-text shadow tables copied as they are, not
 * rebuilt), then indexes, triggers and views are added, so triggers do not fire on the copied rows.
 */
/**
 * The day's analytics salt and who was seen that day: a backup, kept for weeks and off-site, must not let
 * anyone tell which pages an address read. Their tables are in a copy, empty (backup.ts empties a local copy).
 */
export const VISITOR_TABLES = ['analytics_salts', 'analytics_seen']

export async function exportRemoteDatabase(
  { url, authToken, timeoutMs = REMOTE_TIMEOUT_MS }: DatabaseOptions,
  file: string,
): Promise<void> {
  // bigint: integers beyond 2^53 (full-text index block ids can be) survive the trip. A frozen server must
  // not hold a backup (and with it a shutdown) for good: each request has the app's time limit.
  const source = createClient({ url, authToken, intMode: 'bigint', fetch: fetchWithin(timeoutMs) })
  const target = createClient({ url: `file:${file}`, concurrency: 1, intMode: 'bigint' })
  const tx = await source.transaction('read')
  try {
    // Tables are filled one by one, not in the order their references need. The file is a scratch copy until
    // it passes its check (and is synced then), so it needs no journal of its own.
    for (const pragma of ['foreign_keys = OFF', 'journal_mode = OFF', 'synchronous = OFF'])
      await target.execute(`PRAGMA ${pragma}`)
    const objects = (
      await tx.execute("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
    ).rows.map((row) => ({ type: String(row.type), name: String(row.name), sql: String(row.sql) }) as SchemaObject)
    const tableKinds = new Map(
      (await tx.execute('PRAGMA table_list')).rows.map((row) => [
        String(row.name),
        { type: String(row.type), withoutRowid: Number(row.wr) === 1 },
      ]),
    )
    const tables = objects.filter((o) => o.type === 'table')
    for (const table of tables) if (tableKinds.get(table.name)?.type !== 'shadow') await target.execute(table.sql)
    for (const table of tables) {
      const kind = tableKinds.get(table.name)
      if (kind?.type === 'virtual' || VISITOR_TABLES.includes(table.name)) continue
      // A new virtual table starts its shadow tables with rows of its own; the source's replace them.
      if (kind?.type === 'shadow') await target.execute(`DELETE FROM ${quote(table.name)}`)
      await copyRows(tx, target, table.name, kind?.withoutRowid ?? false)
    }
    await copySequences(tx, target)
    for (const other of objects.filter((o) => o.type !== 'table')) await target.execute(other.sql)
    const userVersion = (await tx.execute('PRAGMA user_version')).rows[0]?.[0]
    await target.execute(`PRAGMA user_version = ${Number(userVersion ?? 0)}`)
  } finally {
    tx.close()
    source.close()
    target.close()
  }
}

async function copyRows(tx: Transaction, target: Client, table: string, withoutRowid: boolean) {
  const name = quote(table)
  if (withoutRowid) {
    // Only full-text bookkeeping is without rowid here, and it is small: one read.
    await insertAll(target, table, await tx.execute(`SELECT * FROM ${name}`), false)
    return
  }
  const columns = (await tx.execute(`PRAGMA table_info(${name})`)).rows.map((row) => quote(String(row.name)))
  const size = columns.map((c) => `ifnull(octet_length(${c}), 0)`).join(' + ')
  let after: InValue = -(2n ** 63n)
  for (;;) {
    // The last rowid of a page of at most PAGE_BYTES (and at least one row, however large).
    const end = await tx.execute({
      sql: `SELECT coalesce(
              (SELECT max(r) FROM (SELECT rowid AS r, sum(${size} + 16) OVER (ORDER BY rowid) AS total
                                   FROM ${name} WHERE rowid > ?) WHERE total <= ?),
              (SELECT min(rowid) FROM ${name} WHERE rowid > ?))`,
      args: [after, PAGE_BYTES, after],
    })
    const last = end.rows[0]?.[0]
    if (last === null || last === undefined) return
    const page = await tx.execute({
      sql: `SELECT rowid AS __rowid, * FROM ${name} WHERE rowid > ? AND rowid <= ? ORDER BY rowid`,
      args: [after, last],
    })
    await insertAll(target, table, page, true)
    after = last
  }
}

async function insertAll(
  target: Client,
  table: string,
  result: { columns: string[]; rows: ArrayLike<InValue>[] },
  withRowid: boolean,
) {
  if (result.rows.length === 0) return
  const columns = result.columns.map((c, i) => (withRowid && i === 0 ? 'rowid' : quote(c)))
  const sql = `INSERT INTO ${quote(table)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
  await target.batch(
    result.rows.map((row) => ({ sql, args: Array.from(row) })),
    'write',
  )
}

/** AUTOINCREMENT counters, so ids deleted before the backup are not handed out again after a restore. */
async function copySequences(tx: Transaction, target: Client) {
  const hasSequences = await tx.execute("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'")
  if (hasSequences.rows.length === 0) return
  const rows = (await tx.execute('SELECT name, seq FROM sqlite_sequence')).rows
  await target.batch(
    [
      'DELETE FROM sqlite_sequence',
      ...rows.map((row) => ({
        sql: 'INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)',
        args: [row[0]!, row[1]!],
      })),
    ],
    'write',
  )
}
