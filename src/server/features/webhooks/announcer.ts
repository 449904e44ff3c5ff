import { and, eq, gt, isNotNull, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm'
import { jobPath, postPath } from '../../../shared/paths'
import type { Database } from '../../db/client'
import { appSettings, jobApplications, jobs, posts, staff } from '../../db/schema'
import type { Webhooks } from './webhook-service'

const APPLICATIONS_SEEN_KEY = 'webhooks_applications_seen'

/**
 * Watches what the public sees and tells the webhooks what changed: a post that became public (at once or at
 * its scheduled time, never when it was only moved or edited before), a public post edited, a post no longer
 * public, a job published, an application received (its job and reference only). Each run compares with
 * what was announced last (`announced_at`, and the last application seen), so a restart neither repeats nor
 * skips an event.
 */
export function createAnnouncer({
  db,
  clock,
  webhooks,
  origin,
  visible,
}: {
  db: Database
  clock: () => number
  webhooks: Pick<Webhooks, 'enqueue'>
  origin: () => string
  /** What the public sees at an instant, as the posts and jobs features decide it (given, not imported). */
  visible: { post: (now: number) => SQL; job: (now: number) => SQL }
}) {
  const absolute = (path: string) => new URL(path, origin()).href

  async function announcePosts(now: number) {
    const shown = visible.post(now)
    const columns = {
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      featuredImage: posts.featuredImage,
      author: staff.name,
      announcedAt: posts.announcedAt,
      publicNow: sql<number>`CASE WHEN ${shown} THEN 1 ELSE 0 END`,
    }
    const changed = await db
      .select(columns)
      .from(posts)
      .leftJoin(staff, eq(staff.id, posts.authorId))
      .where(
        or(
          and(shown, or(isNull(posts.announcedAt), lt(posts.announcedAt, posts.updatedAt))),
          and(not(shown), isNotNull(posts.announcedAt)),
        ),
      )
    for (const post of changed) {
      const publicNow = post.publicNow === 1
      const event = publicNow ? (post.announcedAt !== null ? 'post.updated' : 'post.published') : 'post.unpublished'
      await webhooks.enqueue(event, {
        title: post.title,
        url: absolute(postPath(post.slug)),
        summary: post.excerpt,
        ...(post.featuredImage ? { image: absolute(post.featuredImage) } : {}),
        ...(post.author ? { author: post.author } : {}),
      })
      await db
        .update(posts)
        .set({ announcedAt: publicNow ? new Date(now) : null })
        .where(eq(posts.id, post.id))
    }
  }

  async function announceJobs(now: number) {
    const published = await db
      .select({ id: jobs.id, title: jobs.title, slug: jobs.slug, department: jobs.department })
      .from(jobs)
      .where(and(visible.job(now), isNull(jobs.announcedAt)))
    for (const job of published) {
      await webhooks.enqueue('job.published', {
        title: job.title,
        url: absolute(jobPath(job.slug)),
        summary: job.department,
      })
      await db
        .update(jobs)
        .set({ announcedAt: new Date(now) })
        .where(eq(jobs.id, job.id))
    }
  }

  async function announceApplications() {
    const [seen] = await db.select().from(appSettings).where(eq(appSettings.key, APPLICATIONS_SEEN_KEY))
    const after = seen ? Number(seen.value) : null
    const [newest] = await db.select({ id: sql<number | null>`max(${jobApplications.id})` }).from(jobApplications)
    // The first run starts from what is there: applications received before webhooks were built are not news.
    const arrived =
      after === null
        ? []
        : await db
            .select({ id: jobApplications.id, jobId: jobApplications.jobId, jobTitle: jobApplications.jobTitle })
            .from(jobApplications)
            .where(gt(jobApplications.id, after))
            .orderBy(jobApplications.id)
    for (const application of arrived)
      await webhooks.enqueue('application.received', {
        title: `A new application for ${application.jobTitle}`,
        url: absolute('/admin/blog'),
        jobId: application.jobId,
        applicationId: application.id,
      })
    const last = arrived.at(-1)?.id ?? after ?? newest?.id ?? 0
    const value = String(last)
    const updatedAt = new Date(clock())
    await db
      .insert(appSettings)
      .values({ key: APPLICATIONS_SEEN_KEY, value, updatedAt })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } })
  }

  return {
    async runOnce() {
      const now = clock()
      await announcePosts(now)
      await announceJobs(now)
      await announceApplications()
    },
  }
}
