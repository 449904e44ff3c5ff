import { useQuery } from '@tanstack/react-query'
import type { PostDetail } from '../../../shared/blog'
import { publicationTime } from '../../../shared/post-rules'
import { DraftBanner } from '../../components/blog/draft-banner'
import { PostArticle } from '../../components/blog/post-article'
import { useModalDialog } from '../../components/use-modal-dialog'
import { adminQueries } from './admin-queries'
import { type PostFormValues, publishedAtOf, searchSettingsIn } from './post-form-values'

/** The form as the post it would save, for showing with the post page's own component. */
export function postFromForm(
  values: PostFormValues,
  tags: PostDetail['tags'],
  base: PostDetail | undefined,
  now: number,
) {
  const stamp = new Date(now).toISOString()
  const publishedAt = publicationTime(publishedAtOf(values), now)
  return {
    id: base?.id ?? 0,
    title: values.title.trim() || 'Untitled post',
    slug: values.slug,
    excerpt: values.excerpt,
    content: values.content,
    featuredImage: values.featuredImage || null,
    // The saved picture's sizes only while it is still the picture in the form.
    featuredImageInfo: base && base.featuredImage === values.featuredImage ? base.featuredImageInfo : null,
    additionalImages: null,
    featured: values.featured,
    status: values.status,
    createdAt: base?.createdAt ?? stamp,
    updatedAt: stamp,
    publishedAt: (publishedAt ?? new Date(now)).toISOString(),
    authorId: base?.authorId ?? 1,
    author: base?.author ?? null,
    tags: tags.filter((tag) => values.tags.includes(tag.id)),
    ...searchSettingsIn(values),
    shareImageInfo: base && base.shareImage === values.shareImage ? base.shareImageInfo : null,
  } satisfies PostDetail
}

/**
 * What the form would publish, unsaved, shown full screen with the public post page's component:
 * the administrator checks the layout before saving, and nothing is written.
 */
export function PostPreviewDialog({
  open,
  values,
  base,
  onClose,
}: {
  open: boolean
  values: PostFormValues
  base: PostDetail | undefined
  onClose: () => void
}) {
  const ref = useModalDialog(open)
  const tags = useQuery(adminQueries.tags())
  const now = Date.now()
  return (
    <dialog
      ref={ref}
      className="dialog dialog--page"
      aria-labelledby="form-preview-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="dialog--page__bar">
        <h2 id="form-preview-title" className="dialog__title">
          Preview of unsaved changes
        </h2>
        <button
          type="button"
          className="button button--primary"
          onClick={onClose}
          // biome-ignore lint/a11y/noAutofocus: the dialog's one action, so Enter or Space closes it at once
          autoFocus
        >
          Back to editing
        </button>
      </div>
      {open && (
        <div className="post dialog--page__post">
          <DraftBanner post={postFromForm(values, [], base, now)} now={now} />
          <PostArticle post={postFromForm(values, tags.data ?? [], base, now)} head="none" />
        </div>
      )}
    </dialog>
  )
}
