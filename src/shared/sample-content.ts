/** What a fresh install starts with and nobody has touched since: what "Remove sample content" removes. */
export interface SampleContent {
  posts: { id: number; title: string }[]
  jobs: { id: number; title: string }[]
  tags: { id: number; name: string }[]
}

type Counts = { posts: number; jobs: number; tags: number }

/** How many of each the sample content holds. */
export const countsOf = (found: SampleContent): Counts => ({
  posts: found.posts.length,
  jobs: found.jobs.length,
  tags: found.tags.length,
})

export const totalOf = ({ posts, jobs, tags }: Counts) => posts + jobs + tags

/** `POST /api/admin/sample-content/remove`: how many of each went. */
export interface SampleContentRemoved {
  removed: Counts
}

export const SAMPLE_CONTENT_API = '/api/admin/sample-content'

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const countsText = ({ posts, jobs, tags }: Counts) =>
  `${counted(posts, 'sample post', 'sample posts')}, ${counted(jobs, 'job', 'jobs')} and ${counted(tags, 'tag', 'tags')}`

export const SAMPLE_CONTENT_MESSAGES = {
  nothingLeft: 'No sample content is left: everything here is the studio’s own.',
  confirm: (counts: Counts) => `Remove ${countsText(counts)}? This cannot be undone.`,
  removed: (counts: Counts) => `Removed ${countsText(counts)}`,
  /** The first-run setup's "Start empty", saying what it removes. */
  startEmpty: (counts: Counts) => `Removes ${countsText(counts)}.`,
} as const
