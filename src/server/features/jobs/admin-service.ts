import { count, desc, eq, inArray } from 'drizzle-orm'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import type { ValidJob } from '../../../shared/job-schema'
import type { AdminJob, JobStatus } from '../../../shared/jobs'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS as KEYS, removed } from '../../cache/surrogate-keys'
import type { Database } from '../../db/client'
import { deleteJobs } from '../../db/delete-rows'
import { isUniqueViolation } from '../../db/errors'
import { jobApplications, jobSlugRedirects, jobs } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { isPublicRow, type JobRow, rowValues, toJob } from './job-rows'

type Failure = { ok: false; status: 404 | 409; error: string }
export type JobWriteResult = { ok: true; job: AdminJob; previousStatus: JobStatus | null } | Failure

const NOT_FOUND = { ok: false, status: 404, error: JOB_MESSAGES.notFound } as const
/** A draft is the admin's alone: only writes that touch a job the public can see change public content. */
const seenByPublic = (status: JobStatus | undefined) => status !== undefined && status !== 'draft'

/**
 * In the save's transaction: once the job is public under its slug, that address is its own (an old address
 * of another job stops redirecting there; a draft does not take it yet). A slug it had once it was posted
 * (the public may have seen it, even if it was a draft by the time it was renamed) keeps leading to the job;
 * older slugs already point at it, so every link ever shared arrives in one step. True when an address
 * now leads elsewhere.
 */
async function recordSlug(
  tx: WriteTx,
  id: number,
  job: { slug: string; public: boolean },
  before?: { slug: string; postedAt: Date | null },
): Promise<boolean> {
  const taken = job.public
    ? await tx
        .delete(jobSlugRedirects)
        .where(eq(jobSlugRedirects.slug, job.slug))
        .returning({ slug: jobSlugRedirects.slug })
    : []
  if (!before || before.slug === job.slug || !before.postedAt) return taken.length > 0
  await tx
    .insert(jobSlugRedirects)
    .values({ slug: before.slug, jobId: id })
    .onConflictDoUpdate({ target: jobSlugRedirects.slug, set: { jobId: id } })
  return true
}

async function applicationCounts(db: Database | WriteTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ jobId: jobApplications.jobId, n: count() })
    .from(jobApplications)
    .where(inArray(jobApplications.jobId, ids))
    .groupBy(jobApplications.jobId)
  return new Map(rows.map((row) => [row.jobId, row.n]))
}

/** Every job, drafts included, for the recruiter; each write changes the content version when the public sees it. */
export function createAdminJobService(
  db: Database,
  { content, clock = Date.now }: { content: ContentVersion; clock?: () => number },
) {
  const toAdminJob = (row: JobRow, applications: number): AdminJob => ({
    ...toJob(row, clock()),
    status: row.status,
    applicationCount: applications,
  })

  async function get(id: number): Promise<AdminJob | null> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
    return row ? toAdminJob(row, (await applicationCounts(db, [id])).get(id) ?? 0) : null
  }

  /** A taken slug is a 409 before writing; the unique index decides a race between two saves. */
  async function save(
    job: ValidJob,
    exceptId: number | null,
    write: () => Promise<{ id: number; previousStatus: JobStatus | null } | null>,
  ): Promise<JobWriteResult> {
    const [taken] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.slug, job.slug))
    if (taken && taken.id !== exceptId) return { ok: false, status: 409, error: JOB_MESSAGES.duplicateSlug(job.slug) }
    try {
      const written = await write()
      const saved = written && (await get(written.id))
      return saved ? { ok: true, job: saved, previousStatus: written.previousStatus } : NOT_FOUND
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, status: 409, error: JOB_MESSAGES.duplicateSlug(job.slug) }
      throw error
    }
  }

  return {
    /** Newest created first, each with how many applications it has. */
    async list(): Promise<AdminJob[]> {
      const rows = await db.select().from(jobs).orderBy(desc(jobs.createdAt), desc(jobs.id))
      const counts = await applicationCounts(
        db,
        rows.map((row) => row.id),
      )
      return rows.map((row) => toAdminJob(row, counts.get(row.id) ?? 0))
    },

    get,

    create: (job: ValidJob): Promise<JobWriteResult> =>
      save(job, null, () =>
        content.write(async (tx, changed) => {
          const now = new Date(clock())
          const postedAt = job.status === 'active' ? now : null
          const [row] = await tx
            .insert(jobs)
            .values({ ...rowValues(job), createdAt: now, updatedAt: now, postedAt })
            .returning({ id: jobs.id })
          const moved = await recordSlug(tx, row!.id, {
            slug: job.slug,
            public: isPublicRow({ status: job.status, postedAt }),
          })
          if (moved || seenByPublic(job.status)) changed([KEYS.jobs, KEYS.job(row!.id)])
          return { id: row!.id, previousStatus: null }
        }),
      ),

    /** The job's posting date is the first time it was made active; it stays through closing and reopening. */
    update: (id: number, job: ValidJob): Promise<JobWriteResult> =>
      save(job, id, () =>
        content.write(async (tx, changed) => {
          const [before] = await tx
            .select({ slug: jobs.slug, status: jobs.status, postedAt: jobs.postedAt })
            .from(jobs)
            .where(eq(jobs.id, id))
          if (!before) return null
          const now = new Date(clock())
          const postedAt = before.postedAt ?? (job.status === 'active' ? now : null)
          const moved = await recordSlug(
            tx,
            id,
            { slug: job.slug, public: isPublicRow({ status: job.status, postedAt }) },
            before,
          )
          await tx
            .update(jobs)
            .set({ ...rowValues(job), updatedAt: now, postedAt })
            .where(eq(jobs.id, id))
          if (moved || seenByPublic(before.status) || seenByPublic(job.status))
            changed([
              KEYS.jobs,
              KEYS.job(id),
              ...(seenByPublic(before.status) && !seenByPublic(job.status) ? [removed(KEYS.job(id))] : []),
            ])
          return { id, previousStatus: before.status }
        }),
      ),

    /**
     * Refused while applications name the job (they would lose their posting): the recruiter deletes them
     * first, or closes the job. Checked in the write transaction, so no count can be stale.
     */
    remove: (id: number): Promise<{ ok: true; title: string } | Failure> =>
      content.write(async (tx, changed) => {
        const [job] = await tx.select({ title: jobs.title, status: jobs.status }).from(jobs).where(eq(jobs.id, id))
        if (!job) return NOT_FOUND
        const applications = (await applicationCounts(tx, [id])).get(id) ?? 0
        if (applications > 0) return { ok: false, status: 409, error: JOB_MESSAGES.hasApplications(applications) }
        await deleteJobs(tx, [id])
        if (seenByPublic(job.status)) changed([KEYS.jobs, KEYS.job(id), removed(KEYS.job(id))])
        return { ok: true, title: job.title }
      }),
  }
}

export type AdminJobService = ReturnType<typeof createAdminJobService>
