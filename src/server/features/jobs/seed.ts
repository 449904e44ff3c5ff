import { eq } from 'drizzle-orm'
import { jobs as bundledJobs } from '../../../content/jobs'
import { createContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { appSettings, jobs } from '../../db/schema'

/** Set when the bundled jobs went in: a recruiter who deletes every job does not get them back at the next start. */
const SEEDED_KEY = 'jobs_seeded'

/**
 * Inserts the bundled jobs once, with their own ids (applications name their job by id). It checks and
 * writes in one write transaction (BEGIN IMMEDIATE), so of several processes starting on one database,
 * one seeds and the others find it done.
 */
export async function seedJobsOnce(db: Database, now = Date.now()): Promise<boolean> {
  // A content write like any other: the version changes with it, so caches of other processes turn over.
  return createContentVersion(db, () => now).write(async (tx, changed) => {
    const [marker] = await tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY))
    if (marker) return false
    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: 'true', updatedAt: new Date(now) })
    await tx.insert(jobs).values(
      bundledJobs.map(({ createdAt, ...job }) => ({
        ...job,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
        postedAt: new Date(createdAt),
        // The site's starting content is not news to a webhook.
        announcedAt: new Date(now),
        validThrough: null,
      })),
    )
    changed()
    return true
  })
}
