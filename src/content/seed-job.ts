import type { JobFields, JobStatus } from '../shared/jobs'

/** A bundled job: seeded into the database once, at the first start (src/server/features/jobs/seed.ts). */
export interface SeedJob extends JobFields {
  /** Kept as the row's id: applications stored before jobs moved to the database name their job by it. */
  id: number
  status: JobStatus
  createdAt: string
}
