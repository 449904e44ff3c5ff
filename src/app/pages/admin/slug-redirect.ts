import { slugify } from '../../../shared/slug'

export const SLUG_REDIRECT_NOTICE = 'The old address will redirect here'

/**
 * What the slug field says before a save that changes the address of a post the public can read: the
 * server keeps its old address redirecting (post-slugs.ts). A draft or a scheduled post was never public,
 * so it gets no redirect and no notice.
 */
export function slugRedirectNotice(
  post: { slug: string; status: string; publishedAt: string | null } | undefined,
  slug: string,
  now: number,
): string | null {
  if (post?.status !== 'published' || !post.publishedAt || Date.parse(post.publishedAt) > now) return null
  const next = slugify(slug)
  return next && next !== post.slug ? `${SLUG_REDIRECT_NOTICE}: /blog/${post.slug} will lead to /blog/${next}.` : null
}
