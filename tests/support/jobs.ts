import { jobs } from '../../src/content/jobs'

/** The bundled jobs a fresh site lists: the active ones, newest first (they are seeded with no closing date). */
export const openSeedJobs = () =>
  jobs.filter((job) => job.status === 'active').sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))

/** A valid admin job payload (an on-site, active job without a salary), with fields replaced or removed (undefined). */
export const jobInput = (over: Record<string, unknown> = {}) => ({
  title: 'Level Designer',
  department: 'Design',
  type: 'Full-time',
  description: 'Build the plaza.\n\nMake it fun.',
  responsibilities: ['Design levels'],
  requirements: ['Shipped a game'],
  benefits: ['Health cover'],
  remote: false,
  city: 'Austin',
  region: 'TX',
  country: 'US',
  status: 'active',
  ...over,
})
