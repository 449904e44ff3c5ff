import { and, eq, inArray, notExists, notInArray } from 'drizzle-orm'
import { jobs as bundledJobs } from '../../../content/jobs'
import { seedPosts } from '../../../content/seed-posts'
import type { SampleContent } from '../../../shared/sample-content'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { deletedPublicPosts, jobApplications, jobs, posts, postTags, tags } from '../../db/schema'

const SEED_POST_TITLES = new Map(seedPosts.map((post) => [post.slug, post.title]))
const SEED_JOB_TITLES = new Map(bundledJobs.map((job) => [job.id, job.title]))
const SEED_TAG_NAMES = [...new Set(seedPosts.flatMap((post) => post.tags))]

/**
 * The launch posts, jobs and tags a fresh install starts with, while nobody has touched them: a post with its
 * seeded slug and title never saved since (saving moves `updatedAt`), a job with its bundled id and title never
 * saved since and without applications, and a tag the seed made that no other post keeps.
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
    .where(inArray(posts.slug, [...SEED_POST_TITLES.keys()]))
  const samplePosts = postRows
    .filter(
      (row) => SEED_POST_TITLES.get(row.slug) === row.title && row.updatedAt.getTime() === row.createdAt.getTime(),
    )
    .map(({ id, title }) => ({ id, title }))
  const jobRows = await tx
    .select({ id: jobs.id, title: jobs.title, createdAt: jobs.createdAt, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(
      and(
        inArray(jobs.id, [...SEED_JOB_TITLES.keys()]),
        notExists(
          tx.select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.jobId, jobs.id)),
        ),
      ),
    )
  const sampleJobs = jobRows
    .filter((row) => SEED_JOB_TITLES.get(row.id) === row.title && row.updatedAt.getTime() === row.createdAt.getTime())
    .map(({ id, title }) => ({ id, title }))
  const removedPostIds = samplePosts.map((post) => post.id)
  const sampleTags = await tx
    .select({ id: tags.id, name: tags.name })
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
        if (postIds.length > 0) {
          await tx.delete(posts).where(inArray(posts.id, postIds))
          // The starting content was never news to a webhook (its seed marked it announced), nor is its removal.
          await tx.delete(deletedPublicPosts).where(inArray(deletedPublicPosts.postId, postIds))
        }
        if (found.jobs.length > 0)
          await tx.delete(jobs).where(
            inArray(
              jobs.id,
              found.jobs.map((job) => job.id),
            ),
          )
        if (found.tags.length > 0)
          await tx.delete(tags).where(
            inArray(
              tags.id,
              found.tags.map((tag) => tag.id),
            ),
          )
        if (postIds.length + found.jobs.length + found.tags.length > 0) changed()
        return { posts: postIds.length, jobs: found.jobs.length, tags: found.tags.length }
      }),
  }
}

export type SampleContentService = ReturnType<typeof createSampleContent>
