import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationDetail,
  type ApplicationFilter,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationUpdate,
  DUPLICATE_WINDOW_DAYS,
} from '../../../shared/application-pipeline'
import { applicationReference } from '../../../shared/application-reference'
import { APPLICATION_RATE_LIMIT } from '../../../shared/application-rules'
import { applicationTimeline } from '../../../shared/application-timeline'
import { type StaffUser, staffName } from '../../../shared/staff'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import {
  applicationFiles,
  applicationNotes,
  interviewEvents,
  interviews,
  jobApplications,
  scorecards,
} from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { prunePassedWindows } from '../../http/rate-limit'
import { deleteMailFor, type OutboxReader } from '../../mail/outbox'
import { emptyWriteAheadLog } from '../../ops/erase'
import { type AccessRefusal, type StillAllowed, teamNamesOf } from './hiring-team'
import { interviewEventsOf, interviewsOf } from './interview-records'
import { applicationMailRef } from './notifications'
import { scorecardAttributesOf, scorecardsOf } from './scorecard-service'
import { APPLICATION_RATE_LIMIT_SCOPE } from './service'

const DAY_MS = 24 * 60 * 60 * 1000
const DUPLICATE_WINDOW_MS = DUPLICATE_WINDOW_DAYS * DAY_MS

/** `d` is another application with this one's email (any case) for the same job, within the duplicate window. */
const DUPLICATE_OF = sql`
  d.job_id = ${jobApplications.jobId} AND lower(d.email) = lower(${jobApplications.email})
  AND d.id <> ${jobApplications.id} AND abs(d.created_at - ${jobApplications.createdAt}) <= ${DUPLICATE_WINDOW_MS}`

const summaryColumns = {
  application: jobApplications,
  fileName: applicationFiles.fileName,
  fileSize: applicationFiles.size,
  fileFormat: applicationFiles.format,
  duplicate: sql<number>`EXISTS (SELECT 1 FROM job_applications d WHERE ${DUPLICATE_OF})`,
}

type SummaryRow = {
  application: typeof jobApplications.$inferSelect
  fileName: string | null
  fileSize: number | null
  fileFormat: (typeof applicationFiles.$inferSelect)['format'] | null
  duplicate: number
}

function toSummary({ application, fileName, fileSize, fileFormat, duplicate }: SummaryRow): ApplicationSummary {
  const { idempotencyKey: _key, createdAt, ...fields } = application
  return {
    ...fields,
    createdAt: createdAt.toISOString(),
    reference: applicationReference(application.id),
    resume: fileName && fileFormat ? { fileName, size: fileSize ?? 0, format: fileFormat } : null,
    duplicate: Boolean(duplicate),
  }
}

/**
 * Deletes applications with everything that belongs to them: file, notes, interviews, scorecards and their
 * mail (sent or not).
 * The caller empties the write-ahead log once this has committed (ops/erase.ts).
 */
async function deleteApplications(tx: WriteTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await tx.delete(applicationFiles).where(inArray(applicationFiles.applicationId, ids))
  await tx.delete(applicationNotes).where(inArray(applicationNotes.applicationId, ids))
  await tx.delete(interviewEvents).where(inArray(interviewEvents.applicationId, ids))
  await tx.delete(interviews).where(inArray(interviews.applicationId, ids))
  await tx.delete(scorecards).where(inArray(scorecards.applicationId, ids))
  await deleteMailFor(tx, ids.map(applicationMailRef))
  await tx.delete(jobApplications).where(inArray(jobApplications.id, ids))
}

/** In the caller's transaction: an application moved, and the move in its timeline with who made it. */
export async function changeStatus(
  tx: WriteTx,
  id: number,
  { from, to }: { from: ApplicationStatus; to: ApplicationStatus },
  { at, authorId, authorName }: { at: Date; authorId: number; authorName: string },
) {
  await tx.update(jobApplications).set({ status: to }).where(eq(jobApplications.id, id))
  const body = `Status: ${APPLICATION_STATUS_LABELS[from]} → ${APPLICATION_STATUS_LABELS[to]}`
  await tx
    .insert(applicationNotes)
    .values({ applicationId: id, kind: 'status', body, createdAt: at, authorId, authorName })
}

/** The recruiter's pipeline: list, open, move, annotate and delete applications. */
export function createApplicationAdminService(
  db: Database,
  {
    content,
    outbox,
    clock = Date.now,
  }: { content: Pick<ContentVersion, 'write'>; outbox: OutboxReader; clock?: () => number },
) {
  const summaries = (where: SQL | undefined) =>
    db
      .select(summaryColumns)
      .from(jobApplications)
      .leftJoin(applicationFiles, eq(applicationFiles.applicationId, jobApplications.id))
      .where(where)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))

  return {
    /** Newest first. `q` matches name, email, job title and location, ignoring (ASCII) case. */
    async list({
      jobId,
      status,
      q,
      jobIds,
    }: ApplicationFilter & { jobIds?: number[] } = {}): Promise<ApplicationSummary[]> {
      const haystack = sql`lower(${jobApplications.fullName} || ' ' || ${jobApplications.email} || ' ' || ${jobApplications.jobTitle} || ' ' || ${jobApplications.location})`
      const rows = await summaries(
        and(
          jobId === undefined ? undefined : eq(jobApplications.jobId, jobId),
          // A hiring team's member: only their jobs' candidates (none at all when on no team).
          jobIds === undefined ? undefined : inArray(jobApplications.jobId, jobIds),
          status === undefined ? undefined : eq(jobApplications.status, status),
          q ? sql`instr(${haystack}, lower(${q})) > 0` : undefined,
        ),
      )
      return rows.map(toSummary)
    },

    async get(id: number): Promise<ApplicationDetail | null> {
      const [row] = await summaries(eq(jobApplications.id, id))
      if (!row) return null
      const [notes, duplicates, deliveries, held, history, cards, attributes, team] = await Promise.all([
        db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, id)).orderBy(applicationNotes.id),
        db.all<{ id: number; created_at: number }>(
          sql`SELECT d.id, d.created_at FROM job_applications d, ${jobApplications}
              WHERE ${jobApplications.id} = ${id} AND ${DUPLICATE_OF} ORDER BY d.id`,
        ),
        outbox.deliveriesOf(applicationMailRef(id)),
        interviewsOf(db, id),
        interviewEventsOf(db, id),
        scorecardsOf(db, id),
        scorecardAttributesOf(db, id),
        teamNamesOf(db, row.application.jobId),
      ])
      const summary = toSummary(row)
      const notesOf = notes.map((note) => ({
        id: note.id,
        kind: note.kind,
        body: note.body,
        createdAt: note.createdAt.toISOString(),
        author: note.authorName,
      }))
      return {
        ...summary,
        notes: notesOf,
        duplicates: duplicates.map((d) => ({
          id: d.id,
          reference: applicationReference(d.id),
          createdAt: new Date(d.created_at).toISOString(),
        })),
        deliveries,
        interviews: held,
        hiringTeam: team,
        scorecardAttributes: attributes ?? [],
        scorecards: cards,
        scorecardsHidden: 0,
        timeline: applicationTimeline(summary, notesOf, deliveries, history, cards),
      }
    },

    /** A new status (recorded in the history as a dated change) and/or a note; null when there is no such application. */
    async update(
      id: number,
      { status, note }: ApplicationUpdate,
      by: Pick<StaffUser, 'id' | 'name' | 'email'>,
      stillAllowed: StillAllowed | null,
    ): Promise<{ from: ApplicationStatus; to: ApplicationStatus } | AccessRefusal | null> {
      const now = new Date(clock())
      const author = { authorId: by.id, authorName: staffName(by) }
      return content.write(async (tx) => {
        const refused = await stillAllowed?.(tx)
        if (refused) return refused
        const [current] = await tx
          .select({ status: jobApplications.status })
          .from(jobApplications)
          .where(eq(jobApplications.id, id))
        if (!current) return null
        if (status && status !== current.status)
          await changeStatus(tx, id, { from: current.status, to: status }, { at: now, ...author })
        if (note)
          await tx
            .insert(applicationNotes)
            .values({ applicationId: id, kind: 'note', body: note, createdAt: now, ...author })
        return { from: current.status, to: status ?? current.status }
      })
    },

    /** Deletes one application and its file; what the audit log may say of it, or null when there is none. */
    async remove(id: number): Promise<{ reference: string; jobTitle: string } | null> {
      const removed = await content.write(async (tx) => {
        const [row] = await tx
          .select({ jobTitle: jobApplications.jobTitle })
          .from(jobApplications)
          .where(eq(jobApplications.id, id))
        if (!row) return null
        await deleteApplications(tx, [id])
        return { reference: applicationReference(id), jobTitle: row.jobTitle }
      })
      if (removed) await emptyWriteAheadLog(db)
      return removed
    },

    async resume(id: number) {
      const [file] = await db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, id))
      return file ?? null
    },

    /** Deletes every application received before `cutoff` (the retention period); how many went. */
    /** Deletes what arrived before `cutoff`, or before `keptCutoff` for an applicant who asked to be kept in mind. */
    async expire(cutoff: number, keptCutoff = cutoff): Promise<number> {
      const expired = await content.write(async (tx) => {
        const old = await tx
          .select({ id: jobApplications.id })
          .from(jobApplications)
          .where(
            or(
              and(lt(jobApplications.createdAt, new Date(cutoff)), eq(jobApplications.keepInMind, false)),
              lt(jobApplications.createdAt, new Date(keptCutoff)),
            ),
          )
        await deleteApplications(
          tx,
          old.map((row) => row.id),
        )
        return old.length
      })
      // The applicants' addresses go once their window has passed, even if no one applies again.
      await prunePassedWindows(db, APPLICATION_RATE_LIMIT_SCOPE, APPLICATION_RATE_LIMIT.windowMs, clock())
      // Every run (hourly), not only when it deleted: an application's request prunes passed windows too, and
      // other deletions (sessions, sign-in failures) leave earlier copies in the log as well.
      await emptyWriteAheadLog(db)
      return expired
    },
  }
}

export type ApplicationAdminService = ReturnType<typeof createApplicationAdminService>
