import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs as bundledJobs } from '../../../content/jobs'
import { seedPosts } from '../../../content/seed-posts'
import type { AuditEvent } from '../../../shared/admin-security'
import type { PostDetail, PostSummary } from '../../../shared/blog'
import type { SampleContent, SampleContentRemoved } from '../../../shared/sample-content'
import { deletedPublicPosts } from '../../db/schema'

let t: TestApp
let owner: ReturnType<typeof adminClient>
let now = Date.now()
beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => now })
  owner = adminClient(t)
  await owner.login()
})
afterAll(() => t.close())

const seedTags = new Set(seedPosts.flatMap((post) => post.tags))
const publicPosts = async () =>
  ((await (await t.request('/api/blog?limit=100')).json()) as { posts: PostSummary[] }).posts

test('a fresh site lists its launch posts, jobs and tags as sample content', async () => {
  const found = await owner.json<SampleContent>('GET', '/api/admin/sample-content')
  expect(found.posts.map((post) => post.title).sort()).toEqual(seedPosts.map((post) => post.title).sort())
  expect(found.jobs.map((job) => job.title).sort()).toEqual(bundledJobs.map((job) => job.title).sort())
  expect(new Set(found.tags.map((tag) => tag.name))).toEqual(seedTags)
})

test('removal keeps what the studio edited, wrote or received applications for, and tells no webhook', async () => {
  const [edited, tagged] = (await publicPosts()).filter((post) => seedPosts.some((seed) => seed.slug === post.slug))
  // A launch post edited in the admin (its title unchanged): the studio's now.
  const detail = await owner.json<PostDetail>('GET', `/api/blog/${edited!.id}`)
  now += 60_000
  const saved = await owner.request('PUT', `/api/blog/${edited!.id}`, {
    title: detail.title,
    slug: detail.slug,
    content: `${detail.content}<p>Edited by the studio.</p>`,
    excerpt: detail.excerpt,
    featuredImage: detail.featuredImage ?? '',
    featured: detail.featured,
    status: 'published',
    tags: detail.tags.map((tag) => tag.id),
  })
  expect(saved.status).toBe(200)
  // The studio's own post under one of the launch tags keeps that tag.
  const keptTag = (await owner.json<PostDetail>('GET', `/api/blog/${tagged!.id}`)).tags[0]!
  const own = await owner.request('POST', '/api/blog', {
    title: 'Our First Real Post',
    slug: '',
    content: '<p>Hello from the studio.</p>',
    excerpt: 'Hello from the studio.',
    featuredImage: '',
    featured: false,
    status: 'published',
    tags: [keptTag.id],
  })
  expect(own.status).toBe(201)
  // A bundled job someone applied to stays with its applications.
  const applied = activeJobs(bundledJobs)[0]!
  const application = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({
      jobId: applied.id,
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      coverLetter: 'Compilers.',
      resumeText: 'Navy.',
    }),
  })
  expect(application.status).toBe(201)

  // A bundled job given a scorecard (saved without moving its updatedAt) is the studio's too.
  const scored = activeJobs(bundledJobs)[1]!
  expect((await owner.request('PUT', `/api/admin/jobs/${scored.id}/scorecard`, { attributes: ['Craft'] })).status).toBe(
    200,
  )
  // A launch post deleted, then written again by the studio under the same title and address.
  const rewritten = seedPosts.find((seed) => seed.slug !== edited!.slug && seed.slug !== tagged!.slug)!
  const rewrittenId = (await publicPosts()).find((post) => post.slug === rewritten.slug)!.id
  expect((await owner.request('DELETE', `/api/blog/${rewrittenId}`)).status).toBe(200)
  const again = await owner.json<PostDetail>('POST', '/api/blog', {
    title: rewritten.title,
    slug: rewritten.slug,
    content: '<p>Our own words now.</p>',
    excerpt: 'Our own words now.',
    featuredImage: '',
    featured: false,
    status: 'published',
    tags: [],
  })

  const listed = await owner.json<SampleContent>('GET', '/api/admin/sample-content')
  expect(listed.jobs.map((job) => job.id)).not.toContain(scored.id)
  expect(listed.posts.map((post) => post.id)).not.toContain(again.id)
  expect(listed.posts.map((post) => post.id)).not.toContain(edited!.id)
  expect(listed.jobs.map((job) => job.id)).not.toContain(applied.id)
  expect(listed.tags.map((tag) => tag.id)).not.toContain(keptTag.id)

  const removed = await owner.json<SampleContentRemoved>('POST', '/api/admin/sample-content/remove')
  expect(removed.removed).toEqual({ posts: listed.posts.length, jobs: listed.jobs.length, tags: listed.tags.length })
  expect(removed.removed.posts).toBe(seedPosts.length - 2)
  expect((await publicPosts()).map((post) => post.title).sort()).toEqual(
    [detail.title, rewritten.title, 'Our First Real Post'].sort(),
  )
  const jobsLeft = (await (await t.request('/api/jobs')).json()) as { id: number }[]
  expect(jobsLeft.map((job) => job.id).sort()).toEqual([applied.id, scored.id].sort())
  // The launch posts were never news to a webhook, nor is their removal: only the studio's own delete is told.
  expect((await t.db.select().from(deletedPublicPosts)).map((row) => row.postId)).toEqual([rewrittenId])
  const audit = await owner.json<AuditEvent[]>('GET', '/api/admin/audit?type=sample_content')
  expect(audit.map((event) => event.subject)).toEqual([
    `Removed ${removed.removed.posts} sample posts, ${removed.removed.jobs} jobs and ${removed.removed.tags} tags`,
  ])

  // Nothing is left to remove: a second removal removes nothing and writes no audit line.
  expect(await owner.json<SampleContent>('GET', '/api/admin/sample-content')).toEqual({ posts: [], jobs: [], tags: [] })
  expect(await owner.json<SampleContentRemoved>('POST', '/api/admin/sample-content/remove')).toEqual({
    removed: { posts: 0, jobs: 0, tags: 0 },
  })
  expect(await owner.json<AuditEvent[]>('GET', '/api/admin/audit?type=sample_content')).toHaveLength(1)
})
