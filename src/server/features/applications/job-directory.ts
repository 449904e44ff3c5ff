import { jobs as bundledJobs } from '../../../content/jobs'
import type { Job } from '../../../shared/jobs'

/** What applications need to know of a job. */
export interface OpenJob {
  id: number
  title: string
}

/**
 * The one place applications learn which jobs take applications: re-point it when jobs move (to the
 * database, say) and nothing else in this feature changes.
 */
export interface JobDirectory {
  /** The job if it is open for applications now, else null. */
  openJob(id: number): Promise<OpenJob | null>
}

export function bundledJobDirectory(jobs: readonly Job[] = bundledJobs): JobDirectory {
  return {
    async openJob(id) {
      const job = jobs.find((candidate) => candidate.id === id)
      return job?.status === 'active' ? { id: job.id, title: job.title } : null
    },
  }
}
