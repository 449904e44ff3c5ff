import type { PostDetail } from '../../../shared/blog'
import { formatDisplayDateTime, isScheduled } from '../../../shared/dates'
import { postPath } from '../../../shared/paths'
import { PREVIEW_BANNER_TEXT } from '../../../shared/post-preview'
import { SiteLink } from '../../components/site-link'

/** Says what the reader is looking at: a draft, a post waiting for its time, or one already live. */
export function PreviewBanner({
  post,
  now,
}: {
  post: Pick<PostDetail, 'status' | 'publishedAt' | 'slug'>
  now: number
}) {
  const live = post.status === 'published' && !isScheduled(post, now)
  return (
    <aside className="preview-banner" aria-label="Preview">
      <strong className="preview-banner__title">{live ? 'Preview of a published post' : PREVIEW_BANNER_TEXT}</strong>
      <span className="preview-banner__text">
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
