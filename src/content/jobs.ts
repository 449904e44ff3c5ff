import { engineeringJobs } from './jobs-engineering'
import { studioJobs } from './jobs-studio'
import type { SeedJob } from './seed-job'

export const jobs: SeedJob[] = [...engineeringJobs, ...studioJobs]
