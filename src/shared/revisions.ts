import type { PostStatus, TagRef } from './blog'

/** How many earlier versions of each post are kept; older ones are removed as new ones are stored. */
export const REVISIONS_KEPT = 50

/** The parts of a post a revision holds, in the order the editor names them. */
export const REVISION_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'featuredImage',
  'featured',
  'status',
  'publishedAt',
  'tags',
] as const
export type RevisionField = (typeof REVISION_FIELDS)[number]

export const REVISION_FIELD_LABELS: Record<RevisionField, string> = {
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Excerpt',
  content: 'Content',
  featuredImage: 'Featured image',
  featured: 'Featured',
  status: 'Status',
  publishedAt: 'Publication date',
  tags: 'Tags',
}

/**
 * One earlier version of a post in the editor's list (no content). `savedAt` is when it was replaced,
 * `changed` what the save that replaced it changed.
 */
export interface PostRevisionSummary {
  id: number
  savedAt: string
  title: string
  status: PostStatus
  publishedAt: string | null
  changed: RevisionField[]
}

/** One earlier version in full, with those of its tags that still exist. */
export interface PostRevision extends PostRevisionSummary {
  postId: number
  slug: string
  excerpt: string
  content: string
  featuredImage: string | null
  featured: boolean
  tags: TagRef[]
}

/** What changed, in a word or a few: "Content", "Title, status". */
export function describeRevisionChange(changed: readonly RevisionField[]): string {
  const words = REVISION_FIELDS.filter((field) => changed.includes(field)).map((field, index) =>
    index === 0 ? REVISION_FIELD_LABELS[field] : REVISION_FIELD_LABELS[field].toLowerCase(),
  )
  return words.join(', ')
}
