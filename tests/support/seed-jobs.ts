import type { SeedJob } from '../../src/content/seed-job'

/** The bundled jobs a fresh test database takes applications for (seeded active), newest first. */
export function activeJobs(jobs: readonly SeedJob[]): SeedJob[] {
  return jobs.filter((job) => job.status === 'active').sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
}
