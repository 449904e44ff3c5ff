export type JobType = 'Full-time' | 'Part-time' | 'Contract' | 'Internship'

/** Spec §3 "Job": a posting; only `active` jobs are listed, newest createdAt first. */
export interface Job {
  id: number
  /** Lower-case a-z0-9 and hyphens, unique */
  slug: string
  title: string
  department: string
  type: JobType
  /** E.g. 'Los Angeles, CA' or 'Remote (US time zones)' */
  location: string
  remote: boolean
  /** E.g. '$110,000 – $140,000' */
  salaryRange?: string
  /** 2–3 paragraphs of plain text separated by a blank line ("\n\n"); first 150 chars must read well as a preview */
  description: string
  /** 5–7 items */
  responsibilities: string[]
  /** 5–7 items */
  requirements: string[]
  /** 5–7 items */
  benefits: string[]
  status: 'active' | 'inactive'
  /** ISO date, e.g. '2026-10-02T00:00:00.000Z' */
  createdAt: string
}

export const JOB_PREVIEW_LENGTH = 150
export const ALL_DEPARTMENTS = 'All Positions'

/** Spec §3: only active jobs are listed, newest createdAt first. */
export function activeJobs(jobs: readonly Job[]): Job[] {
  return jobs.filter((job) => job.status === 'active').sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
}

export function findActiveJob(jobs: readonly Job[], slug: string): Job | undefined {
  return jobs.find((job) => job.slug === slug && job.status === 'active')
}

/** Each distinct department of the active jobs with its count, in order of first appearance. */
export function departmentCounts(active: readonly Job[]): { department: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const job of active) counts.set(job.department, (counts.get(job.department) ?? 0) + 1)
  return [...counts].map(([department, count]) => ({ department, count }))
}

/** The first 150 characters of the description, cut at a word when possible. */
export function jobPreview(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim()
  if (flat.length <= JOB_PREVIEW_LENGTH) return flat
  const cut = flat.slice(0, JOB_PREVIEW_LENGTH)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > 100 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`
}
