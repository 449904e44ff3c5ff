import { asc, eq } from 'drizzle-orm'
import {
  type Interview,
  type InterviewChangeKind,
  type InterviewEvent,
  interviewSummary,
} from '../../../shared/interview'
import { type StaffUser, staffName } from '../../../shared/staff'
import type { Database } from '../../db/client'
import { interviewEvents, interviews } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/** One stored interview. */
export type InterviewRow = typeof interviews.$inferSelect

export const toInterview = (row: InterviewRow): Interview => ({
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  minutes: row.minutes,
  location: row.location,
  interviewers: row.interviewers,
  state: row.state,
  invitedIds: row.invitedIds,
  updatedAt: row.updatedAt.toISOString(),
})

/** An application's interviews, soonest first. */
export async function interviewsOf(db: Database, applicationId: number): Promise<Interview[]> {
  const rows = await db
    .select()
    .from(interviews)
    .where(eq(interviews.applicationId, applicationId))
    .orderBy(asc(interviews.startsAt), asc(interviews.id))
  return rows.map(toInterview)
}

/** An application's interview history, oldest first. */
export async function interviewEventsOf(db: Database, applicationId: number): Promise<InterviewEvent[]> {
  const rows = await db
    .select()
    .from(interviewEvents)
    .where(eq(interviewEvents.applicationId, applicationId))
    .orderBy(asc(interviewEvents.id))
  return rows.map((row) => ({ kind: row.kind, at: row.at.toISOString(), by: row.byName, summary: row.summary }))
}

/** A change in the interview's history, in the write that made it. */
export async function recordChange(
  tx: WriteTx,
  row: InterviewRow,
  kind: InterviewChangeKind,
  by: Pick<StaffUser, 'name' | 'email'>,
  now: number,
) {
  await tx.insert(interviewEvents).values({
    interviewId: row.id,
    applicationId: row.applicationId,
    kind,
    summary: interviewSummary(toInterview(row)),
    byName: staffName(by),
    at: new Date(now),
  })
}
