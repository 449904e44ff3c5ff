import { and, eq, gt, isNotNull, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm'
import { jobPath, postPath } from '../../../shared/paths'
import type { Database } from '../../db/client'
import { appSettings, deletedPublicPosts, jobApplications, jobs, posts, staff } from '../../db/schema'
import type { Webhooks } from './webhook-service'

const APPLICATIONS_SEEN_KEY = 'webhooks_applications_seen'

interface PostFacts {
  title: string
  slug: string
  excerpt: string
  featuredImage: string | null
  author: string | null
}

/**
 * Watches what the public sees and tells the webhooks what changed: a post that became public (at once or at
 * its scheduled time, never when it was only moved or edited before), a public post edited, a post no longer
 * public (unpublished, moved back to a draft or a later date, or deleted), a job published, an application
 * received (its job and reference only). Each run compares with what was announced last (`announced_at`,
 * and the last application seen), so a restart does not repeat an event, and each change is claimed by one
 * write, so two processes do not both tell it.
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
  /** What every post event carries. */
  const postEventData = (post: PostFacts) => ({
    title: post.title,
    url: absolute(postPath(post.slug)),
    summary: post.excerpt,
    ...(post.featuredImage ? { image: absolute(post.featuredImage) } : {}),
    ...(post.author ? { author: post.author } : {}),
  })

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
      updatedAt: posts.updatedAt,
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
      // Claimed before it is told: of two processes seeing the same change, only the one whose write still
      // finds the post as it read it tells it (a crash between the two loses the event rather than repeats it).
      // A save since the read fails the claim too: the next run tells the post as that save left it.
      const claimed = await db
        .update(posts)
        .set({ announcedAt: publicNow ? new Date(now) : null })
        .where(
          and(
            eq(posts.id, post.id),
            eq(posts.updatedAt, post.updatedAt),
            post.announcedAt === null ? isNull(posts.announcedAt) : eq(posts.announcedAt, post.announcedAt),
          ),
        )
        .returning({ id: posts.id })
      if (claimed.length === 0) continue
      const event = publicNow ? (post.announcedAt !== null ? 'post.updated' : 'post.published') : 'post.unpublished'
      await webhooks.enqueue(event, postEventData(post))
    }
  }

  /** A public post deleted: the trigger on `posts` kept what the event needs; removing the row claims it. */
  async function announceDeletedPosts() {
    const deleted = await db.select().from(deletedPublicPosts).orderBy(deletedPublicPosts.postId)
    for (const post of deleted) {
      const claimed = await db
        .delete(deletedPublicPosts)
        .where(eq(deletedPublicPosts.postId, post.postId))
        .returning({ postId: deletedPublicPosts.postId })
      if (claimed.length === 0) continue
      await webhooks.enqueue('post.unpublished', postEventData(post))
    }
  }

  async function announceJobs(now: number) {
    const published = await db
      .select({ id: jobs.id, title: jobs.title, slug: jobs.slug, department: jobs.department })
      .from(jobs)
      .where(and(visible.job(now), isNull(jobs.announcedAt)))
    for (const job of published) {
      const claimed = await db
        .update(jobs)
        .set({ announcedAt: new Date(now) })
        .where(and(eq(jobs.id, job.id), isNull(jobs.announcedAt)))
        .returning({ id: jobs.id })
      if (claimed.length === 0) continue
      await webhooks.enqueue('job.published', {
        title: job.title,
        url: absolute(jobPath(job.slug)),
        summary: job.department,
      })
    }
  }

  async function announceApplications() {
    const [seen] = await db.select().from(appSettings).where(eq(appSettings.key, APPLICATIONS_SEEN_KEY))
    const updatedAt = new Date(clock())
    if (!seen) {
      // The first run starts from what is there: applications received before webhooks were built are not news.
      const [newest] = await db.select({ id: sql<number | null>`max(${jobApplications.id})` }).from(jobApplications)
      const value = String(newest?.id ?? 0)
      await db.insert(appSettings).values({ key: APPLICATIONS_SEEN_KEY, value, updatedAt }).onConflictDoNothing()
      return
    }
    const arrived = await db
      .select({ id: jobApplications.id, jobId: jobApplications.jobId, jobTitle: jobApplications.jobTitle })
      .from(jobApplications)
      .where(gt(jobApplications.id, Number(seen.value)))
      .orderBy(jobApplications.id)
    if (arrived.length === 0) return
    // Moved on only from where it was read: another process that got there first tells them, this one not.
    const claimed = await db
      .update(appSettings)
      .set({ value: String(arrived.at(-1)!.id), updatedAt })
      .where(and(eq(appSettings.key, APPLICATIONS_SEEN_KEY), eq(appSettings.value, seen.value)))
      .returning({ key: appSettings.key })
    if (claimed.length === 0) return
    for (const application of arrived)
      await webhooks.enqueue('application.received', {
        title: `A new application for ${application.jobTitle}`,
        url: absolute('/admin/blog'),
        jobId: application.jobId,
        applicationId: application.id,
      })
  }

  return {
    async runOnce() {
      const now = clock()
      // Deletions first: a new post at a deleted one's address is told after its predecessor went.
      await announceDeletedPosts()
      await announcePosts(now)
      await announceJobs(now)
      await announceApplications()
    },
  }
}
