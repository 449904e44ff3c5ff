import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { RESUME_FORMAT_NAMES } from '../../shared/resume-file'
import { jobApplications } from './schema'

/* What a recruiter adds to an application (issue 20); part of the schema through schema.ts. */

/** An application's résumé file (one at most), kept in the database like media; deleted with it. */
export const applicationFiles = sqliteTable('application_files', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => jobApplications.id, { onDelete: 'cascade' }),
  /** The applicant's name for it, made safe, with the extension of the format its bytes are. */
  fileName: text('file_name').notNull(),
  format: text('format', { enum: RESUME_FORMAT_NAMES }).notNull(),
  size: integer('size').notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
})

/** An application's dated history: the recruiter's notes and its status changes. */
export const applicationNotes = sqliteTable(
  'application_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['note', 'status'] }).notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('application_notes_application_id_idx').on(table.applicationId, table.id)],
)
