import { useMutation, useQuery } from '@tanstack/react-query'
import type { AdminPostDetail } from '../../../shared/blog'
import { NEWSLETTER_MESSAGES, type NewsletterProgress } from '../../../shared/newsletter'
import { useToast } from '../../components/toast/toaster'
import { apiGet, apiRequest, errorMessage } from '../../data/api-request'
import type { PostFormState } from './use-post-form'

const PROGRESS_EVERY_MS = 2000

/** Whether the post is public now, as its saved state says (an edit's date is not public until saved). */
const isPublic = (post: AdminPostDetail | undefined, now: number) =>
  post?.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) <= now

/**
 * "Email this post to subscribers": sent once, as the post goes public (at once or at its scheduled time),
 * never for an edit or a new date. Once sent, how it went instead.
 */
export function NewsletterField({ form }: { form: PostFormState }) {
  const { values, set, post } = form
  if (post?.newsletter) return <NewsletterProgressNote postId={post.id} loaded={post.newsletter} />
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
          ? NEWSLETTER_MESSAGES.emailAfterPublishing
          : 'Sent once, when the post goes public: on saving it as published, or at its scheduled time.'}
      </p>
      {post && !tooLate && <SendTestButton postId={post.id} />}
    </div>
  )
}

/** The saved post, as subscribers would get it, to the person asking. */
function SendTestButton({ postId }: { postId: number }) {
  const toast = useToast()
  const send = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>(`/api/blog/${postId}/newsletter-test`, { method: 'POST', body: {} }),
    onSuccess: (answer) => toast({ title: 'Test sent', description: answer?.message }),
    onError: (error) =>
      toast({ title: 'No test sent', description: errorMessage(error, 'Try again.'), variant: 'destructive' }),
  })
  return (
    <button
      type="button"
      className="button button--small button--ghost"
      disabled={send.isPending}
      onClick={() => send.mutate()}
    >
      {send.isPending ? 'Sending…' : 'Send a test of the saved post to me'}
    </button>
  )
}

/** Read again every few seconds while the email goes out, apart from the form's own copy of the post. */
function NewsletterProgressNote({ postId, loaded }: { postId: number; loaded: NewsletterProgress }) {
  const { data: progress = loaded } = useQuery({
    queryKey: ['admin', 'newsletter', postId],
    queryFn: async ({ signal }) =>
      (await apiGet<AdminPostDetail>(`/api/blog/${postId}?_t=${Date.now()}`, signal)).newsletter ?? loaded,
    initialData: loaded,
    refetchInterval: (query) => (query.state.data?.state === 'sending' ? PROGRESS_EVERY_MS : false),
  })
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
