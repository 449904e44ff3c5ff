import type { PostDetail } from '../../../shared/blog'
import { formatDisplayDateTime, isScheduled } from '../../../shared/dates'
import { DRAFT_BANNER_TEXT } from '../../../shared/draft-link'
import { postPath } from '../../../shared/paths'
import { SiteLink } from '../site-link'

/** Says what the reader is looking at: a draft, a post waiting for its time, or one already live. */
export function DraftBanner({ post, now }: { post: Pick<PostDetail, 'status' | 'publishedAt' | 'slug'>; now: number }) {
  const live = post.status === 'published' && !isScheduled(post, now)
  return (
    <aside className="draft-banner" aria-label="Preview">
      <strong className="draft-banner__title">{live ? 'Preview of a published post' : DRAFT_BANNER_TEXT}</strong>
      <span className="draft-banner__text">
        {live ? (
          <>
            It is public at <SiteLink to={postPath(post.slug)}>{postPath(post.slug)}</SiteLink>.
          </>
        ) : isScheduled(post, now) ? (
          `Scheduled to go live ${formatDisplayDateTime(post.publishedAt!)}. Only people with this link can see it.`
        ) : (
          'This is a draft. Only people with this link can see it.'
        )}
      </span>
    </aside>
  )
}
