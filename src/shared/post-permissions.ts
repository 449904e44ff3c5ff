import type { PostStatus } from './blog'
import { can, STAFF_MESSAGES, type StaffUser } from './staff'

export interface PostFacts {
  authorId: number
  status: PostStatus
  featured: boolean
}

/**
 * Why a person may not make this change to a post, or null: the row-level half of the permission table
 * (the route checked the role). Others' posts need `posts.others`; publishing, scheduling and touching a
 * published post need `posts.publish`; featuring a post is placing it on the blog's front, an editor's call.
 */
export function postChangeProblem(
  user: StaffUser,
  existing: PostFacts | null,
  next: { status: PostStatus; featured: boolean; authorId?: number } | null,
): string | null {
  if (existing && existing.authorId !== user.id && !can(user.role, 'posts.others')) return STAFF_MESSAGES.notYourPost
  const publishes = existing?.status === 'published' || next?.status === 'published'
  if (publishes && !can(user.role, 'posts.publish')) return STAFF_MESSAGES.contributorsDraftOnly
  if (next && next.featured !== (existing?.featured ?? false) && !can(user.role, 'posts.others'))
    return STAFF_MESSAGES.featureEditorsOnly
  const byline = next?.authorId
  if (byline !== undefined && byline !== (existing?.authorId ?? user.id) && !can(user.role, 'posts.others'))
    return STAFF_MESSAGES.bylineEditorsOnly
  return null
}
