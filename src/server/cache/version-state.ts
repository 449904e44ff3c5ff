import { asc, eq, gt, max, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSettings, contentChanges, events, jobs, posts } from '../db/schema'

/** The row that holds the content version. */
export const VERSION_KEY = 'content_version'
/** Changes read per look; more than that since the last look turns every page over (change-log.ts). */
const CHANGES_PER_READ = 200

/** The changes logged since `since` (the newest change's id alone on the first read). */
async function readChanges(db: Database, since: number) {
  if (since < 0) {
    const [first] = await db.select({ newest: max(contentChanges.id) }).from(contentChanges)
    return { rows: [], newest: first?.newest ?? null, more: false }
  }
  const rows = await db
    .select({ id: contentChanges.id, version: contentChanges.version, keys: contentChanges.keys })
    .from(contentChanges)
    .where(gt(contentChanges.id, since))
    .orderBy(asc(contentChanges.id))
    .limit(CHANGES_PER_READ + 1)
  return { rows: rows.slice(0, CHANGES_PER_READ), newest: null, more: rows.length > CHANGES_PER_READ }
}

/**
 * The stored version row, the changes logged since `since` and the publishing schedule, as the database has
 * them at `now` (content-version.ts).
 */
export async function readVersionState(db: Database, since: number, now: Date) {
  const published = eq(posts.status, 'published')
  const [[row], changes, [schedule], [closing], [happening]] = await Promise.all([
    db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VERSION_KEY)),
    readChanges(db, since),
    db
      .select({
        lastDue: sql<
          number | null
        >`max(CASE WHEN ${posts.publishedAt} <= ${now.getTime()} THEN ${posts.publishedAt} END)`,
        nextDue: sql<
          number | null
        >`min(CASE WHEN ${posts.publishedAt} > ${now.getTime()} THEN ${posts.publishedAt} END)`,
      })
      .from(posts)
      .where(published),
    // A job is open through its closing moment and closed from the next millisecond.
    db
      .select({
        lastClosed: sql<
          number | null
        >`max(CASE WHEN ${jobs.validThrough} < ${now.getTime()} THEN ${jobs.validThrough} END)`,
        nextClose: sql<
          number | null
        >`min(CASE WHEN ${jobs.validThrough} >= ${now.getTime()} THEN ${jobs.validThrough} + 1 END)`,
      })
      .from(jobs)
      .where(eq(jobs.status, 'active')),
    // An event page says "happening now" from its start and "ended" from its end.
    db
      .select({
        lastStarted: sql<
          number | null
        >`max(CASE WHEN ${events.startsAt} <= ${now.getTime()} THEN ${events.startsAt} END)`,
        lastEnded: sql<number | null>`max(CASE WHEN ${events.endsAt} <= ${now.getTime()} THEN ${events.endsAt} END)`,
        nextStart: sql<number | null>`min(CASE WHEN ${events.startsAt} > ${now.getTime()} THEN ${events.startsAt} END)`,
        nextEnd: sql<number | null>`min(CASE WHEN ${events.endsAt} > ${now.getTime()} THEN ${events.endsAt} END)`,
      })
      .from(events),
  ])
  return { row, changes, schedule, closing, happening, at: now.getTime() }
}
