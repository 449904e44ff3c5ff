import type { AuditEventType } from '../../../shared/admin-security'
import type { PostDetail, PostStatus } from '../../../shared/blog'
import type { BulkInput, BulkResult } from '../../../shared/post-bulk'
import { postChangeProblem } from '../../../shared/post-permissions'
import { POST_MESSAGES } from '../../../shared/post-rules'
import type { PostInput } from '../../../shared/post-schema'
import { postVersionTag } from '../../../shared/post-version'
import type { StaffUser } from '../../../shared/staff'
import type { AdminPostService } from './admin-service'

/** The post as a save would send it back unchanged; its search settings and byline, left out, stay as they are. */
const inputOf = (post: PostDetail): PostInput => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  excerpt: post.excerpt,
  featuredImage: post.featuredImage,
  featured: post.featured,
  status: post.status,
  ...(post.publishedAt ? { publishedAt: post.publishedAt } : {}),
  tags: post.tags.map((tag) => tag.id),
})

/** The change an action makes to a post, or null when the post already is that way. */
function changed(post: PostDetail, { action, tagId }: BulkInput): PostInput | null {
  const input = inputOf(post)
  const tags = input.tags ?? []
  const status: Partial<Record<BulkInput['action'], PostStatus>> = { publish: 'published', unpublish: 'draft' }
  const next = status[action]
  if (next) return post.status === next ? null : { ...input, status: next }
  if (action === 'tag') return tags.includes(tagId!) ? null : { ...input, tags: [...tags, tagId!] }
  if (action === 'untag') return tags.includes(tagId!) ? { ...input, tags: tags.filter((id) => id !== tagId) } : null
  return input
}

/**
 * One action on many posts, each on its own: a post is changed wholly by the same save (or delete) a
 * single edit makes, revision, redirects and permissions included, or not at all, and each change is
 * audited. The save is that of the post opened and saved unchanged but for the action, so its HTML is
 * brought to the current policy too (a colour outside the palette goes). A post already as asked counts
 * as done without a write; one saved by someone else meanwhile is reported, not overwritten.
 */
export async function runBulkAction(
  service: AdminPostService,
  user: StaffUser,
  input: BulkInput,
  audit: (type: AuditEventType, title: string) => Promise<void>,
): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] }
  for (const id of [...new Set(input.ids)]) {
    const post = await service.get(id)
    if (!post) {
      result.failed.push({ id, error: POST_MESSAGES.notFound })
      continue
    }
    const next = input.action === 'delete' ? null : changed(post, input)
    const problem = postChangeProblem(user, post, next && { status: next.status, featured: post.featured })
    if (problem) {
      result.failed.push({ id, error: problem })
      continue
    }
    if (input.action === 'delete') {
      const removed = await service.remove(id, (now) => postChangeProblem(user, now, null))
      if (removed.ok) await audit('post.deleted', removed.title)
      if (removed.ok || removed.status === 404) result.done.push(id)
      else result.failed.push({ id, error: removed.error })
      continue
    }
    if (next) {
      // Against the version read above: a save that landed meanwhile is not overwritten (412, reported).
      const saved = await service.update(id, next, {
        by: user.id,
        ifMatch: postVersionTag(new Date(post.updatedAt)),
        // A byline handed on (with no new version) is seen by the write.
        problem: (now) => postChangeProblem(user, now, { status: next.status, featured: post.featured }),
        // Only the tag this action adds was chosen: the others came with the post.
        tagsGone: input.action === 'tag' ? 'refuse' : 'leave out',
      })
      if (!saved.ok) {
        result.failed.push({ id, error: saved.error })
        continue
      }
      // The events a single save records.
      await audit('post.updated', post.title)
      if (saved.published) await audit('post.published', post.title)
    }
    result.done.push(id)
  }
  return result
}
