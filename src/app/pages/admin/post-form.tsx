import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { isContentEmpty, POST_LIMITS, POST_MESSAGES, todayDateString } from '../../../shared/post-rules'
import type { PostInput } from '../../../shared/post-schema'
import { slugify } from '../../../shared/slug'
import { useToast } from '../../components/toast/toaster'
import { ApiError } from '../../data/api-request'
import { adminQueries, adminWrites, refreshPosts } from './admin-queries'
import { RichTextEditor } from './rich-text-editor'

export const CONTENT_APPLY_DELAY_MS = 200
const LOADING_PLACEHOLDER = '<p>Loading content…</p>'

/** The form's fields: the API payload with every field present and the nullable ones as text. */
type Values = Required<Omit<PostInput, 'publishedAt' | 'featuredImage'>> & {
  publishedAt: string
  featuredImage: string
}
const emptyValues = (): Values => ({
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImage: '',
  featured: false,
  status: 'draft',
  publishedAt: todayDateString(),
  tags: [],
})

/** Markup the sanitizer allows but the editor cannot represent (see editor-quill.ts); saving from the editor would drop it. */
const UNEDITABLE = /<figure\b/i

type Errors = Partial<Record<'title' | 'content', string>>
const validate = (values: Values): Errors => ({
  ...(values.title.trim() ? {} : { title: POST_MESSAGES.titleRequired }),
  ...(isContentEmpty(values.content) ? { content: POST_MESSAGES.contentRequired } : {}),
})

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
  const queryClient = useQueryClient()
  const toast = useToast()
  const tags = useQuery(adminQueries.tags())
  const full = useQuery({ ...adminQueries.post(editing?.id ?? 0), enabled: editing !== null })
  const [values, setValues] = useState<Values>(emptyValues)
  const [touched, setTouched] = useState<Partial<Record<keyof Errors, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [contentReady, setContentReady] = useState(true)
  const [uneditable, setUneditable] = useState(false)
  const announced = useRef<number | null>(null)
  const errors = validate(values)
  const shownErrors = Object.fromEntries(
    Object.entries(errors).filter(([key]) => submitted || touched[key as keyof Errors]),
  ) as Errors

  // Entering edit mode: fill in what the list knows at once, the content follows the full post.
  useEffect(() => {
    setSubmitted(false)
    setTouched({})
    setUneditable(false)
    announced.current = null
    if (!editing) {
      setValues(emptyValues())
      setContentReady(true)
      return
    }
    setContentReady(false)
    setValues({
      ...emptyValues(),
      title: editing.title,
      slug: editing.slug,
      excerpt: editing.excerpt,
      featuredImage: editing.featuredImage ?? '',
      featured: editing.featured,
      status: editing.status,
      publishedAt: (editing.publishedAt ?? editing.createdAt).slice(0, 10),
      content: LOADING_PLACEHOLDER,
    })
  }, [editing])

  // Only a fresh copy of the post is applied (never one left in the cache by an earlier edit).
  useEffect(() => {
    if (!editing || !full.data || full.isFetching || announced.current === editing.id) return
    const post = full.data
    const timer = setTimeout(() => {
      announced.current = editing.id
      setUneditable(UNEDITABLE.test(post.content))
      setValues((current) => ({ ...current, content: post.content, tags: post.tags.map((tag) => tag.id) }))
      setContentReady(true)
      toast({ title: 'Ready to edit', description: 'Post loaded successfully' })
    }, CONTENT_APPLY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [editing, full.data, full.isFetching, toast])

  useEffect(() => {
    if (!editing || !full.isError) return
    setContentReady(true)
    const error = full.error
    toast({
      title: 'Error loading post',
      description:
        error instanceof ApiError && error.status
          ? `Failed to load post data: ${error.status} ${error.message}`
          : 'Failed to load post data. Please try again.',
      variant: 'destructive',
    })
  }, [editing, full.isError, full.error, toast])

  const save = useMutation({
    mutationFn: (input: PostInput) => adminWrites.savePost(input, editing?.id),
    onSuccess: (saved) => {
      toast({ title: 'Success', description: editing ? 'Post updated successfully' : 'Post created successfully' })
      queryClient.removeQueries({ queryKey: adminQueries.post(saved.id).queryKey })
      void refreshPosts(queryClient)
      setValues(emptyValues())
      onDone()
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: `Failed to save post: ${error instanceof Error ? error.message : 'Unknown error'}`,
        variant: 'destructive',
      }),
  })

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }))
  const onTitle = (title: string) => {
    setTouched((t) => ({ ...t, title: true }))
    setValues((current) => ({ ...current, title, slug: !editing || !current.slug ? slugify(title) : current.slug }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(errors).length > 0 || !contentReady) return
    // A cleared date means "today" (spec §3), which the API applies when the field is absent.
    save.mutate({
      ...values,
      title: values.title.trim(),
      slug: values.slug.trim() || slugify(values.title),
      publishedAt: values.publishedAt || undefined,
    })
  }

  const tagList = tags.data ?? []
  return (
    <form
      className="post-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="post-form-title"
      aria-busy={!contentReady}
    >
      <h2 id="post-form-title" className="admin-section__title">
        {editing ? 'Edit Post' : 'Add New Post'}
      </h2>
      {uneditable && (
        <p className="form-outcome form-outcome--error" role="alert">
          This post contains a figure with a caption that the editor cannot keep. Saving here will remove it; edit this
          post's HTML in the blog previewer instead.
        </p>
      )}
      {submitted && Object.keys(errors).length > 0 && (
        <p className="form-outcome form-outcome--error" role="alert">
          Please fix the form errors before submitting
        </p>
      )}
      <div className="post-form__grid">
        <div className="field">
          <label htmlFor="post-title" className="field__label">
            Title
          </label>
          <input
            id="post-title"
            value={values.title}
            maxLength={POST_LIMITS.title}
            onChange={(e) => onTitle(e.target.value)}
            aria-invalid={shownErrors.title ? true : undefined}
            aria-describedby={shownErrors.title ? 'post-title-error' : undefined}
          />
          {shownErrors.title && (
            <p id="post-title-error" className="field__error">
              {shownErrors.title}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="post-slug" className="field__label">
            Slug
          </label>
          <input
            id="post-slug"
            value={values.slug}
            maxLength={POST_LIMITS.slug}
            onChange={(e) => set('slug', e.target.value)}
          />
        </div>
        <div className="field field--wide">
          <label htmlFor="post-excerpt" className="field__label">
            Excerpt
          </label>
          <textarea
            id="post-excerpt"
            rows={3}
            value={values.excerpt}
            maxLength={POST_LIMITS.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
          />
        </div>
        <div className="field field--wide">
          <label htmlFor="post-image" className="field__label">
            Featured Image URL
          </label>
          <input
            id="post-image"
            type="url"
            value={values.featuredImage}
            maxLength={POST_LIMITS.featuredImage}
            placeholder="https://"
            aria-describedby="post-image-hint"
            onChange={(e) => set('featuredImage', e.target.value)}
          />
          <p id="post-image-hint" className="field__hint">
            Use a high-quality image URL. Recommended size: 1920x1080px.
          </p>
        </div>
        <div className="field field--wide field--check">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.featured}
              onChange={(e) => set('featured', e.target.checked)}
              aria-describedby="post-featured-hint"
            />
            Feature this post in the carousel
          </label>
          <p id="post-featured-hint" className="field__hint">
            Featured posts appear in the carousel at the top of the blog page with large images.
          </p>
        </div>
        <div className="field field--wide post-form__content">
          <span className="field__label" id="post-content-label">
            Content
          </span>
          <RichTextEditor
            id="post-content"
            label="Content"
            value={values.content}
            onChange={(html) => {
              setTouched((t) => ({ ...t, content: true }))
              set('content', html)
            }}
            invalid={Boolean(shownErrors.content)}
            describedBy={shownErrors.content ? 'post-content-error' : undefined}
          />
          {shownErrors.content && (
            <p id="post-content-error" className="field__error">
              {shownErrors.content}
            </p>
          )}
          {!contentReady && (
            <div className="post-form__overlay" role="status">
              <span className="spinner" aria-hidden="true" /> Loading blog content...
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor="post-date" className="field__label">
            Publication Date
          </label>
          <input
            id="post-date"
            type="date"
            value={values.publishedAt}
            onChange={(e) => set('publishedAt', e.target.value)}
            aria-describedby="post-date-hint"
          />
          <p id="post-date-hint" className="field__hint">
            Set a custom publication date for this post.
          </p>
        </div>
        <div className="field">
          <label htmlFor="post-status" className="field__label">
            Status
          </label>
          <select
            id="post-status"
            value={values.status}
            onChange={(e) => set('status', e.target.value === 'published' ? 'published' : 'draft')}
          >
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </div>
        {tagList.length > 0 && (
          <fieldset className="field field--wide tag-checklist">
            <legend className="field__label">Tags</legend>
            {tagList.map((tag) => (
              <label key={tag.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={values.tags.includes(tag.id)}
                  onChange={(e) =>
                    set('tags', e.target.checked ? [...values.tags, tag.id] : values.tags.filter((id) => id !== tag.id))
                  }
                />
                {tag.name}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <div className="post-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending || !contentReady}>
          {save.isPending ? 'Saving Post...' : editing ? 'Update Post' : 'Save Post'}
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
