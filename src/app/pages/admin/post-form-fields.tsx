import { queryOptions, useQuery } from '@tanstack/react-query'
import { POST_STATUSES, type PostStatus } from '../../../shared/blog'
import { formatDisplayDateTime } from '../../../shared/dates'
import { POST_LIMITS, publicationTime } from '../../../shared/post-rules'
import { readingTime, wordsAndMinutes } from '../../../shared/reading-time'
import { can, STAFF_MESSAGES } from '../../../shared/staff'
import { FormField } from '../../components/form-field'
import { apiGet } from '../../data/api-request'
import { adminQueries } from './admin-queries'
import { FeaturedImageField } from './featured-image-field'
import { NewsletterField } from './newsletter-field'
import { publishedAtOf } from './post-form-values'
import { RichTextEditor } from './rich-text-editor'
import { slugRedirectNotice } from './slug-redirect'
import { useStaffUser } from './staff-user'
import type { PostFormState } from './use-post-form'

const STATUS_LABELS: Record<PostStatus, string> = { draft: 'Draft', published: 'Published' }

/** Title, slug, excerpt, featured image and the carousel flag (spec §2 Add Post). */
export function PostDetailsFields({ form }: { form: PostFormState }) {
  const { values, set, setTitle, shownErrors } = form
  // Featuring places a post on the blog's front: an editor's call (shared/staff.ts).
  const mayFeature = can(useStaffUser().role, 'posts.others')
  return (
    <>
      <FormField id="post-title" label="Title" error={shownErrors.title} announceError={false}>
        {(control) => (
          <input
            {...control}
            value={values.title}
            maxLength={POST_LIMITS.title}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id="post-slug"
        label="Slug"
        hint={slugRedirectNotice(form.post, values.slug, Date.now())}
        error={shownErrors.slug}
        announceError={false}
      >
        {(control) => (
          <input
            {...control}
            value={values.slug}
            maxLength={POST_LIMITS.slug}
            onChange={(e) => set('slug', e.target.value)}
          />
        )}
      </FormField>
      <FormField id="post-excerpt" label="Excerpt" error={shownErrors.excerpt} announceError={false} wide>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={values.excerpt}
            maxLength={POST_LIMITS.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
          />
        )}
      </FormField>
      <FeaturedImageField
        value={values.featuredImage}
        error={shownErrors.featuredImage}
        onChange={(url) => set('featuredImage', url)}
      />
      {mayFeature && (
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
      )}
    </>
  )
}

/** The rich-text content, its error and the overlay while a post loads. */
export function PostContentField({ form }: { form: PostFormState }) {
  const { values, setContent, leaveContent, shownErrors, contentReady, loadFailed, retryLoad } = form
  return (
    <div className="field field--wide post-form__content">
      <span className="field__label" id="post-content-label">
        Content
      </span>
      <RichTextEditor
        id="post-content"
        label="Content"
        value={values.content}
        onChange={setContent}
        onLeave={leaveContent}
        invalid={Boolean(shownErrors.content)}
        describedBy={shownErrors.content ? 'post-content-error' : undefined}
      />
      <p className="post-form__count">{wordsAndMinutes(readingTime(values.content))}</p>
      {shownErrors.content && (
        <p id="post-content-error" className="field__error">
          {shownErrors.content}
        </p>
      )}
      {!contentReady &&
        (loadFailed ? (
          <div className="post-form__overlay" role="alert">
            The post could not be loaded, so it cannot be saved from here.{' '}
            <button type="button" className="button button--ghost" onClick={retryLoad}>
              Try again
            </button>
          </div>
        ) : (
          <div className="post-form__overlay" role="status">
            <span className="spinner" aria-hidden="true" /> Loading blog content...
          </div>
        ))}
    </div>
  )
}

/** Says when a published post with a future time will go live on its own. */
function ScheduleNotice({ values }: { values: PostFormState['values'] }) {
  const moment = publicationTime(publishedAtOf(values), Date.now())
  if (values.status !== 'published' || !moment || moment.getTime() <= Date.now()) return null
  return (
    <p className="field field--wide form-outcome schedule-notice" role="status">
      <span className="status status--scheduled">scheduled</span>
      {` Goes live on its own ${formatDisplayDateTime(moment)}, and stays off the blog, feeds and search until then.`}
    </p>
  )
}

export const authorsQuery = () =>
  queryOptions({
    queryKey: ['authors'],
    queryFn: ({ signal }) => apiGet<{ id: number; name: string }[]>('/api/admin/authors', signal),
    staleTime: 60_000,
  })

/** Whose byline the post carries (editors and above choose; a new post is its writer's unless they do). */
function AuthorField({ form }: { form: PostFormState }) {
  const { values, set, post } = form
  const listed = useQuery(authorsQuery()).data ?? []
  // The post's author may have left the staff: they stay the byline until someone else is chosen.
  const current =
    post?.author && post.authorId === values.authorId ? { id: post.authorId, name: post.author.name } : null
  const authors = current && !listed.some((a) => a.id === current.id) ? [current, ...listed] : listed
  return (
    <FormField id="post-author" label="Author" hint="The byline and the author page the post appears on.">
      {(control) => (
        <select
          {...control}
          value={values.authorId ?? ''}
          onChange={(e) => set('authorId', e.target.value === '' ? null : Number(e.target.value))}
        >
          {values.authorId === null && <option value="">You</option>}
          {authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

/** Publication date and time, status and the tag checklist (shown only when tags exist). */
export function PostPublishingFields({ form }: { form: PostFormState }) {
  const { values, set, shownErrors } = form
  const user = useStaffUser()
  const mayPublish = can(user.role, 'posts.publish')
  const mayGiveAway = can(user.role, 'posts.others')
  const tags = useQuery(adminQueries.tags()).data ?? []
  return (
    <>
      <FormField
        id="post-date"
        label="Publication Date"
        hint="Set a custom publication date for this post."
        error={shownErrors.publishedAt}
        announceError={false}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.publishedAt}
            onChange={(e) => set('publishedAt', e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id="post-time"
        label="Time (optional, UTC)"
        hint="A later date or time with Status Published schedules the post."
      >
        {(control) => (
          <input
            {...control}
            type="time"
            value={values.publishedTime}
            onChange={(e) => set('publishedTime', e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id="post-status"
        label="Status"
        hint={mayPublish ? undefined : STAFF_MESSAGES.contributorsDraftOnly}
        error={shownErrors.status}
        announceError={false}
      >
        {(control) => (
          <select
            {...control}
            value={values.status}
            onChange={(e) => set('status', POST_STATUSES.find((status) => status === e.target.value) ?? 'draft')}
          >
            {POST_STATUSES.map((status) => (
              <option key={status} value={status} disabled={status === 'published' && !mayPublish}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ScheduleNotice values={values} />
      {can(user.role, 'newsletter.send') && <NewsletterField form={form} />}
      {mayGiveAway && <AuthorField form={form} />}
      {tags.length > 0 && (
        <fieldset
          className="field field--wide tag-checklist"
          aria-describedby={shownErrors.tags ? 'post-tags-error' : undefined}
        >
          <legend className="field__label">Tags</legend>
          {tags.map((tag) => (
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
          {shownErrors.tags && (
            <p id="post-tags-error" className="field__error">
              {shownErrors.tags}
            </p>
          )}
        </fieldset>
      )}
    </>
  )
}
