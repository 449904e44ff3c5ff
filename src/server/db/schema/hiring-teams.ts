import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { HIRING_TEAM_ROLES } from '../../../shared/hiring-team'
import { jobs } from './jobs'
import { staff } from './staff'

/** Who is on each job's hiring team, and as what (shared/hiring-team.ts); gone with the job or the person. */
export const jobTeam = sqliteTable(
  'job_team',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    role: text('role', { enum: HIRING_TEAM_ROLES }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.staffId] }), index('job_team_staff_idx').on(table.staffId)],
)
