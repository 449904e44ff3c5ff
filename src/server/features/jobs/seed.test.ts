import { afterEach, beforeEach, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs as seedJobs } from '../../../content/jobs'
import { jobs } from '../../db/schema'
import { seedJobsOnce } from './seed'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ seedJobs: false })
})
afterEach(() => t.close())

test('the bundled jobs go in once, with their own ids, and never come back after the recruiter deletes them', async () => {
  expect(await seedJobsOnce(t.db)).toBe(true)
  expect(await seedJobsOnce(t.db)).toBe(false)
  const rows = await t.db.select().from(jobs)
  expect(rows.map((row) => [row.id, row.slug, row.status])).toEqual(
    seedJobs.map((job) => [job.id, job.slug, job.status]),
  )
  expect(rows.every((row) => row.postedAt?.getTime() === row.createdAt.getTime() && row.validThrough === null)).toBe(
    true,
  )
  await t.db.delete(jobs)
  expect(await seedJobsOnce(t.db)).toBe(false)
  expect(await t.db.select().from(jobs)).toEqual([])
})

test('processes starting at once on one database seed it once', async () => {
  const script = join(import.meta.dir, '../../../../tests/support/seed-jobs-process.ts')
  const starts = [1, 2, 3].map(() => Bun.spawn(['bun', script, t.databaseUrl], { stdout: 'pipe', stderr: 'inherit' }))
  const answers = await Promise.all(
    starts.map(async (start) => {
      await start.exited
      return new Response(start.stdout).text()
    }),
  )
  expect(answers.sort()).toEqual(['false', 'false', 'true'])
  expect((await t.db.select().from(jobs)).length).toBe(seedJobs.length)
})
