import type { PostSummary } from '../../../shared/blog'
import { PostContentField, PostDetailsFields, PostPublishingFields } from './post-form-fields'
import { usePostForm } from './use-post-form'

/** Add Post / Edit Post (spec §2, §4 form modes, §5 rules, §8 toasts). */
export function PostForm({
  editing,
  onDone,
  onCancel,
}: {
  editing: PostSummary | null
  onDone: () => void
  onCancel: () => void
}) {
  const form = usePostForm(editing, onDone)
  return (
    <form
      className="post-form"
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="post-form-title"
      aria-busy={!form.contentReady}
    >
      <h2 id="post-form-title" className="admin-section__title">
        {editing ? 'Edit Post' : 'Add New Post'}
      </h2>
      {form.uneditable && (
        <p className="form-outcome form-outcome--error" role="alert">
          This post contains a figure without a picture (a video in a figure, say) that the editor cannot keep. Saving
          here will remove it; edit this post's HTML in the blog previewer instead.
        </p>
      )}
      {form.hasErrors && (
        <p className="form-outcome form-outcome--error" role="alert">
          Please fix the form errors before submitting
        </p>
      )}
      <div className="post-form__grid">
        <PostDetailsFields form={form} />
        <PostContentField form={form} />
        <PostPublishingFields form={form} />
      </div>
      <div className="post-form__actions">
        <button type="submit" className="button button--primary" disabled={form.saving || !form.contentReady}>
          {form.saving ? 'Saving Post...' : editing ? 'Update Post' : 'Save Post'}
        </button>
        {editing && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel Edit
          </button>
        )}
      </div>
    </form>
  )
}
