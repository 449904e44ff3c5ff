import type { JobFields, JobStatus } from '../shared/jobs'
import { engineeringJobs } from './jobs-engineering'
import { studioJobs } from './jobs-studio'

/** A bundled job: seeded into the database once, at the first start (src/server/features/jobs/seed.ts). */
export interface SeedJob extends JobFields {
  /** Kept as the row's id: applications stored before jobs moved to the database name their job by it. */
  id: number
  status: JobStatus
  createdAt: string
}

export const jobs: SeedJob[] = [...engineeringJobs, ...studioJobs]
