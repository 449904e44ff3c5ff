import type { AdminPostDetail } from '../../../shared/blog'
import type { NewsletterProgress } from '../../../shared/newsletter'
import type { PostFormState } from './use-post-form'

/** Whether the post is public now, as its saved state says (an edit's date is not public until saved). */
const isPublic = (post: AdminPostDetail | undefined, now: number) =>
  post?.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) <= now

/**
 * "Email this post to subscribers": sent once, as the post goes public (at once or at its scheduled time),
 * never for an edit or a new date. Once sent, how it went instead.
 */
export function NewsletterField({ form }: { form: PostFormState }) {
  const { values, set, post } = form
  if (post?.newsletter) return <NewsletterProgressNote progress={post.newsletter} />
  const tooLate = isPublic(post, Date.now()) && !post?.emailSubscribers
  return (
    <div className="field field--wide field--check">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.emailSubscribers}
          disabled={tooLate}
          onChange={(e) => set('emailSubscribers', e.target.checked)}
          aria-describedby="post-email-hint"
        />
        Email this post to subscribers
      </label>
      <p id="post-email-hint" className="field__hint">
        {tooLate
          ? 'This post is public already: a post is emailed only as it goes public.'
          : 'Sent once, when the post goes public: on saving it as published, or at its scheduled time.'}
      </p>
    </div>
  )
}

function NewsletterProgressNote({ progress }: { progress: NewsletterProgress }) {
  const { state, sent, failed, total } = progress
  const done = sent + failed
  return (
    <div className="field field--wide newsletter-progress">
      <span className="field__label" id="newsletter-progress-label">
        Email to subscribers
      </span>
      <progress aria-labelledby="newsletter-progress-label" max={Math.max(total, 1)} value={total === 0 ? 1 : done} />
      <p className="field__hint" role="status">
        {state === 'sending'
          ? `Sending: ${sent} of ${total} sent${failed ? `, ${failed} failed` : ''}, ${total - done} left.`
          : total === 0
            ? 'Nobody was subscribed to it when it went public.'
            : `Sent to ${sent} of ${total} subscribers${failed ? `; ${failed} could not be delivered` : ''}.`}
      </p>
    </div>
  )
}
