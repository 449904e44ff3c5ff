import { eq } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import { NEWSLETTER_MESSAGES, NEWSLETTER_TEST_MAIL_KIND, SUBSCRIBE_PAGE } from '../../../shared/newsletter'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { posts } from '../../db/schema'
import { hitRateLimit } from '../../http/rate-limit'
import { enqueueMail } from '../../mail/outbox'
import { fillSlots } from './mail-slots'
import { emailedPosts } from './newsletter'
import type { SubscriberMail } from './subscriber-service'

/** Tests a staff member may send themselves: enough to check a post several times, not to flood an inbox. */
export const NEWSLETTER_TEST_LIMIT = { max: 10, windowMs: 60 * 60_000 }

/**
 * "Send a test to me": the post as it is saved, rendered as subscribers would get it, to the person asking
 * (their links lead to /subscribe, as they are no subscriber). Through the outbox, as all mail.
 */
export function newsletterTestRoutes(
  db: Database,
  session: AdminSessionPlugin,
  {
    content,
    clock,
    mail,
    origin,
  }: { content: Pick<ContentVersion, 'write'>; clock: () => number; mail: SubscriberMail | null; origin: () => string },
) {
  return new Elysia({ name: 'newsletter-test' }).use(session).post(
    '/api/blog/:id/newsletter-test',
    async ({ params, status, user, set }) => {
      if (!mail) return status(503, { error: NEWSLETTER_MESSAGES.mailOff })
      if (!user.email) return status(400, { error: NEWSLETTER_MESSAGES.noAddress })
      const [post] = await emailedPosts(db).where(eq(posts.id, params.id))
      if (!post) return status(404, { error: 'Post not found' })
      const hit = await hitRateLimit(db, `newsletter-test:${user.id}`, NEWSLETTER_TEST_LIMIT, clock())
      if (!hit.allowed) {
        set.headers['retry-after'] = String(hit.retryAfterSeconds)
        const minutes = Math.ceil(hit.retryAfterSeconds / 60)
        return status(429, { error: NEWSLETTER_MESSAGES.testLimited(NEWSLETTER_TEST_LIMIT.max, minutes) })
      }
      // Loaded with the first message (newsletter.ts).
      const { renderPostEmail } = await import('./post-email')
      const message = renderPostEmail(post, origin())
      const page = new URL(SUBSCRIBE_PAGE, origin()).href
      const fill = (body: string) => fillSlots(body, { preferences: page, unsubscribe: page })
      await content.write((tx) =>
        enqueueMail(
          tx,
          {
            ref: `staff:${user.id}`,
            kind: NEWSLETTER_TEST_MAIL_KIND,
            to: user.email,
            subject: `[Test] ${message.subject}`,
            text: fill(message.text),
            html: fill(message.html),
          },
          { now: clock(), domain: mail.domain },
        ),
      )
      mail.wake()
      return status(202, { ok: true, message: NEWSLETTER_MESSAGES.testSent(user.email) })
    },
    { staff: 'newsletter.send', params: t.Object({ id: t.Integer({ minimum: 1 }) }), parse: 'none' },
  )
}
