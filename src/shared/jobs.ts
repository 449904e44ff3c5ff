import type { Job } from '../content/jobs'

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
