import { and, eq, inArray, isNull, notExists, notInArray } from 'drizzle-orm'
import { jobs as bundledJobs } from '../../../content/jobs'
import { seedPosts } from '../../../content/seed-posts'
import { countsOf, type SampleContent, totalOf } from '../../../shared/sample-content'
import { slugify } from '../../../shared/slug'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { deleteJobs, deletePosts } from '../../db/delete-rows'
import { deletedPublicPosts, jobApplications, jobs, jobTeam, posts, postTags, tags } from '../../db/schema'

const SEED_POST_TITLES = new Map(seedPosts.map((post) => [post.slug, post.title]))
const SEED_JOB_TITLES = new Map(bundledJobs.map((job) => [job.id, job.title]))
const SEED_TAG_NAMES = [...new Set(seedPosts.flatMap((post) => post.tags))]

const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime()

/**
 * The launch posts, jobs and tags a fresh install starts with, while nobody has touched them:
 * - a post with its seeded slug and title, never saved by anyone (no `updatedBy`; saving moves `updatedAt`);
 * - a job with its bundled id and title, never saved since, with no questions, scorecard, hiring team or
 *   applications (the team and scorecard are saved without moving `updatedAt`);
 * - a tag the seed made (its name, its derived slug) that no post but those keeps.
 */
async function findSamples(tx: Pick<Database, 'select'>): Promise<SampleContent> {
  const postRows = await tx
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(and(inArray(posts.slug, [...SEED_POST_TITLES.keys()]), isNull(posts.updatedBy)))
  const samplePosts = postRows
    .filter((row) => SEED_POST_TITLES.get(row.slug) === row.title && sameTime(row.updatedAt, row.createdAt))
    .map(({ id, title }) => ({ id, title }))
  const jobRows = await tx
    .select({
      id: jobs.id,
      title: jobs.title,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
      questions: jobs.questions,
      scorecard: jobs.scorecard,
    })
    .from(jobs)
    .where(
      and(
        inArray(jobs.id, [...SEED_JOB_TITLES.keys()]),
        notExists(
          tx.select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.jobId, jobs.id)),
        ),
        notExists(tx.select({ id: jobTeam.jobId }).from(jobTeam).where(eq(jobTeam.jobId, jobs.id))),
      ),
    )
  const sampleJobs = jobRows
    .filter(
      (row) =>
        SEED_JOB_TITLES.get(row.id) === row.title &&
        sameTime(row.updatedAt, row.createdAt) &&
        row.questions.length === 0 &&
        row.scorecard.length === 0,
    )
    .map(({ id, title }) => ({ id, title }))
  const removedPostIds = samplePosts.map((post) => post.id)
  const tagRows = await tx
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(
      and(
        inArray(tags.name, SEED_TAG_NAMES),
        notExists(
          tx
            .select({ id: postTags.postId })
            .from(postTags)
            .where(and(eq(postTags.tagId, tags.id), notInArray(postTags.postId, removedPostIds))),
        ),
      ),
    )
  const sampleTags = tagRows.filter((row) => row.slug === slugify(row.name)).map(({ id, name }) => ({ id, name }))
  return { posts: samplePosts, jobs: sampleJobs, tags: sampleTags }
}

/** The sample content, listed and removed in one write (`POST /api/admin/sample-content/remove`). */
export function createSampleContent(db: Database, content: ContentVersion) {
  return {
    list: () => findSamples(db),
    remove: () =>
      content.write(async (tx, changed) => {
        const found = await findSamples(tx)
        const postIds = found.posts.map((post) => post.id)
        const jobIds = found.jobs.map((job) => job.id)
        const tagIds = found.tags.map((tag) => tag.id)
        await deletePosts(tx, postIds)
        // The starting content was never news to a webhook (its seed marked it announced), nor is its removal.
        if (postIds.length > 0) await tx.delete(deletedPublicPosts).where(inArray(deletedPublicPosts.postId, postIds))
        await deleteJobs(tx, jobIds)
        if (tagIds.length > 0) await tx.delete(tags).where(inArray(tags.id, tagIds))
        const removed = countsOf(found)
        if (totalOf(removed) > 0) changed()
        return removed
      }),
  }
}
