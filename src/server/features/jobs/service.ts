import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { JobQuestion } from '../../../shared/job-questions'
import type { Job } from '../../../shared/jobs'
import type { Database } from '../../db/client'
import { jobSlugRedirects, jobs } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { isOpenAt, isPublic, toJob } from './job-rows'

/**
 * Read-only queries for the careers pages: drafts never leave here, nor jobs never posted (made active), so
 * a job saved straight as closed is not public either; the lists hold only open jobs (active,
 * closing date not passed), newest posted first.
 */
export function createPublicJobService(db: Database, clock: () => number = Date.now) {
  const publicJobs = (...where: (SQL | undefined)[]) => publicJobsIn(db, ...where)
  const publicJobsIn = (reader: Database | WriteTx, ...where: (SQL | undefined)[]) =>
    reader
      .select()
      .from(jobs)
      .where(and(isPublic(), ...where))
      .$dynamic()

  return {
    async list(): Promise<Job[]> {
      const now = clock()
      const rows = await publicJobs(isOpenAt(now)).orderBy(desc(jobs.postedAt), desc(jobs.id))
      return rows.map((row) => toJob(row, now))
    },

    /**
     * The job at this address, open or closed (its page says so, `open: false`): its slug, or an old slug of
     * it (it then has a new one). Null for one never posted or no job at all.
     */
    async bySlug(slug: string): Promise<Job | null> {
      const [row] = await publicJobs(eq(jobs.slug, slug)).limit(1)
      if (row) return toJob(row, clock())
      const [moved] = await publicJobs(
        eq(
          jobs.id,
          db.select({ id: jobSlugRedirects.jobId }).from(jobSlugRedirects).where(eq(jobSlugRedirects.slug, slug)),
        ),
      ).limit(1)
      return moved ? toJob(moved, clock()) : null
    },

    /**
     * Whether a job takes applications now, read from the database at the moment of asking (never cached);
     * inside a write transaction (`reader`), it cannot change before the transaction ends.
     */
    async openJob(
      id: number,
      reader: Database | WriteTx = db,
    ): Promise<{ id: number; title: string; questions: JobQuestion[] } | null> {
      const [row] = await publicJobsIn(reader, eq(jobs.id, id), isOpenAt(clock())).limit(1)
      return row ? { id: row.id, title: row.title, questions: row.questions } : null
    },
  }
}

export type PublicJobService = ReturnType<typeof createPublicJobService>
