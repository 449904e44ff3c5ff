import { asc, eq } from 'drizzle-orm'
import { PIPELINE_MESSAGES } from '../../../shared/application-pipeline'
import { SCORECARD_MESSAGES, type Scorecard } from '../../../shared/scorecard'
import { validateScorecard } from '../../../shared/scorecard-schema'
import { type StaffUser, staffName } from '../../../shared/staff'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { jobApplications, jobs, scorecards } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import type { StillAllowed } from './hiring-team'

const toScorecard = (row: typeof scorecards.$inferSelect): Scorecard => ({
  staffId: row.staffId,
  by: row.byName,
  ratings: row.ratings,
  overall: row.overall,
  note: row.note,
  submittedAt: row.submittedAt.toISOString(),
})

/** Every scorecard written for an application, in the order they came in. */
export async function scorecardsOf(db: Database, applicationId: number): Promise<Scorecard[]> {
  const rows = await db
    .select()
    .from(scorecards)
    .where(eq(scorecards.applicationId, applicationId))
    .orderBy(asc(scorecards.submittedAt), asc(scorecards.id))
  return rows.map(toScorecard)
}

/** The attributes of the job an application is for (what its scorecards rate); null when there is no such application. */
export async function scorecardAttributesOf(db: Database | WriteTx, applicationId: number): Promise<string[] | null> {
  const [row] = await db
    .select({ attributes: jobs.scorecard })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, applicationId))
  return row ? (row.attributes ?? []) : null
}

/** Each job's scorecard attributes, and the scorecards its interviewers write. */
export function createScorecardService(
  db: Database,
  { content, clock }: { content: Pick<ContentVersion, 'write'>; clock: () => number },
) {
  return {
    /** Null when there is no such job. */
    async attributes(jobId: number): Promise<string[] | null> {
      const [row] = await db.select({ attributes: jobs.scorecard }).from(jobs).where(eq(jobs.id, jobId))
      return row?.attributes ?? null
    },
    /** The job's attributes replaced; scorecards already written keep the ratings they gave. Null: no such job. */
    async setAttributes(jobId: number, attributes: string[]): Promise<string[] | null> {
      const rows = await content.write((tx) =>
        tx.update(jobs).set({ scorecard: attributes }).where(eq(jobs.id, jobId)).returning({ id: jobs.id }),
      )
      return rows.length > 0 ? attributes : null
    },
    /**
     * This person's scorecard for the application, rating the job's attributes as they are now; final once in
     * (409 after), as its writer may then read the others'.
     */
    async submit(
      applicationId: number,
      input: unknown,
      by: Pick<StaffUser, 'id' | 'name' | 'email'>,
      stillAllowed: StillAllowed | null,
    ): Promise<{ ok: true; scorecard: Scorecard } | { ok: false; status: 400 | 403 | 404 | 409; error: string }> {
      // Read in the write itself: an application deleted or attributes changed meanwhile are seen as they are.
      return content.write(async (tx) => {
        const refused = await stillAllowed?.(tx)
        if (refused) return { ok: false, ...refused }
        const attributes = await scorecardAttributesOf(tx, applicationId)
        if (attributes === null) return { ok: false, status: 404, error: PIPELINE_MESSAGES.notFound }
        const checked = validateScorecard(input, attributes)
        if (!checked.ok) return { ok: false, status: 400, error: checked.error }
        const [row] = await tx
          .insert(scorecards)
          .values({
            applicationId,
            staffId: by.id,
            byName: staffName(by),
            ...checked.value,
            submittedAt: new Date(clock()),
          })
          .onConflictDoNothing()
          .returning()
        if (!row) return { ok: false, status: 409, error: SCORECARD_MESSAGES.alreadyIn }
        return { ok: true, scorecard: toScorecard(row) }
      })
    },
  }
}

export type ScorecardService = ReturnType<typeof createScorecardService>
