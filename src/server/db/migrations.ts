import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../repo-paths'

export const MIGRATIONS_FOLDER = join(ROOT, 'db', 'migrations')

/** drizzle's own bookkeeping table, kept as drizzle-orm's migrator writes it: databases stay interchangeable. */
export const MIGRATIONS_TABLE = '__drizzle_migrations'

export interface Migration {
  tag: string
  /** The journal's timestamp: what `created_at` records and what orders migrations. */
  when: number
  /** SHA-256 of the file, as drizzle records it. */
  hash: string
  statements: string[]
}

/** This release's migrations, read as drizzle-kit wrote them (meta/_journal.json and one SQL file each). */
export function readMigrations(folder = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  return journal.entries.map(({ tag, when }) => {
    const sql = readFileSync(`${folder}/${tag}.sql`, 'utf8')
    return {
      tag,
      when,
      hash: createHash('sha256').update(sql).digest('hex'),
      statements: sql.split('--> statement-breakpoint').filter((statement) => statement.trim() !== ''),
    }
  })
}

/** A database this release must not run on: migrated by a newer release, or by a different line of them. */
export class SchemaMismatchError extends Error {}

const describeCode = (code: Migration[]) =>
  `this release's schema is version ${code.length} (${code.at(-1)?.tag ?? 'none'})`

const isPrefixOf = (applied: number[], code: Migration[]) => applied.every((when, i) => code[i]?.when === when)

/**
 * The migrations still to apply, given the `created_at` of those the database has applied. Those must be
 * the first of this release's, in order; anything else (a newer release's migration above all) is refused.
 */
export function pendingMigrations(appliedWhens: number[], code: Migration[]): Migration[] {
  const applied = [...appliedWhens].sort((a, b) => a - b)
  if (!isPrefixOf(applied, code)) {
    const newest = applied.at(-1) ?? 0
    const newer = newest > (code.at(-1)?.when ?? 0)
    throw new SchemaMismatchError(
      `${newer ? 'The database was migrated by a newer release' : "The database's migrations are not this release's"}: its schema is version ${applied.length} (newest migration from ${new Date(newest).toISOString()}), ${describeCode(code)}. Run the release that migrated it, or restore a backup made with this release (bun run db:restore).`,
    )
  }
  return code.slice(applied.length)
}

/** Names a database's schema version for messages, e.g. `version 13 (0012_application_idempotency)`. */
export function schemaVersionOf(appliedWhens: number[], code: Migration[]): string {
  const applied = [...appliedWhens].sort((a, b) => a - b)
  const tag = isPrefixOf(applied, code) ? code[applied.length - 1]?.tag : undefined
  return `version ${applied.length}${tag ? ` (${tag})` : ''}`
}
