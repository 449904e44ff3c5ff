import { and, count, eq, gte, isNull, type SQL, sql } from 'drizzle-orm'
import {
  NEWSLETTER_MAIL_KIND,
  type NewsletterProgress,
  ONE_CLICK_BODY,
  subscriberPreferencesPath,
  unsubscribePath,
} from '../../../shared/newsletter'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { mailOutbox, newsletterIssues, posts, postTags, staff, subscribers, tags } from '../../db/schema'
import { fillSlots } from './mail-slots'
import type { EmailedPost } from './post-email'
import { subscriberIdOf } from './subscriber-service'

type OutboxRow = typeof mailOutbox.$inferSelect

/** Posts with what their email is made of (renderPostEmail), the byline's name joined. */
export const emailedPosts = (db: Database) =>
  db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      content: posts.content,
      featuredImage: posts.featuredImage,
      author: staff.name,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .leftJoin(staff, eq(staff.id, posts.authorId))

async function countsOf(db: Database, issueId: number) {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.issueId, issueId))
    .groupBy(mailOutbox.status)
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0
  return { sent: of('sent'), failed: of('failed'), pending: of('pending') + of('sending') }
}

/** How a post's email went, for the editor; null when it was never sent. */
export async function newsletterProgress(db: Database, postId: number): Promise<NewsletterProgress | null> {
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.postId, postId))
  if (!issue) return null
  if (issue.completedAt) return { state: 'sent', sent: issue.sent, failed: issue.failed, total: issue.total }
  const counts = await countsOf(db, issue.id)
  return {
    state: counts.pending > 0 ? 'sending' : 'sent',
    sent: counts.sent,
    failed: counts.failed,
    total: issue.total,
  }
}

/** A post is emailed within this long of going public, or not at all. */
const SEND_WITHIN_MS = 2 * 24 * 60 * 60 * 1000

/** Issues kept rendered in memory while their rows are sent: a few at a time at most. */
const KEPT_ISSUES = 4

export interface NewsletterOptions {
  db: Database
  content: Pick<ContentVersion, 'write'>
  clock?: () => number
  /** The site's origin, for every link in the message. */
  origin: () => string
  /** The right-hand side of the Message-IDs and the List-Id. */
  mail: { domain: string }
  /** What the public sees at an instant, as the posts feature decides it (given, not imported). */
  visible: (now: number) => SQL
}

/**
 * Posts marked "Email this post to subscribers" go out once, when they go public (at once or at their
 * scheduled time; an edit or a new date never sends again): an issue is made, rendered once, with one
 * outbox row per subscriber who wants the post, all in one write. The mail sender sends the rows (paced,
 * after everything else), filling in each recipient's own links with `compose`.
 */
export function createNewsletter({ db, content, clock = Date.now, origin, mail, visible }: NewsletterOptions) {
  /** A post to be emailed now: its box ticked, public, and gone public lately (news goes as it happens). */
  const due = (now: number) =>
    and(eq(posts.emailSubscribers, true), visible(now), gte(posts.publishedAt, new Date(now - SEND_WITHIN_MS)))

  const issues = new Map<number, { html: string; text: string; postId: number }>()

  /** The issue of a post the loop found due at `now`, made from the post as it read it. */
  async function issueFor(post: EmailedPost & { id: number; updatedAt: Date }, now: number) {
    // Loaded with the first issue, not at start: sanitize-html took 20 ms of every start (decision 0042).
    const { renderPostEmail } = await import('./post-email')
    const message = renderPostEmail(post, origin())
    const made = await content.write(async (tx) => {
      // Still due, and as rendered, as the write finds it: an editor who unticked the box (or took the post
      // down) since the loop looked has stopped an email that could not be called back; one who edited it gets
      // the edit sent, made from it by the loop's next look.
      const [still] = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, post.id), eq(posts.updatedAt, post.updatedAt), due(now)))
      if (!still) return null
      const [issue] = await tx
        .insert(newsletterIssues)
        .values({ postId: post.id, ...message, total: 0, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ id: newsletterIssues.id })
      // Another process made it first.
      if (!issue) return null
      const postTagSlugs = tx
        .select({ slug: tags.slug })
        .from(postTags)
        .innerJoin(tags, eq(tags.id, postTags.tagId))
        .where(eq(postTags.postId, post.id))
      const added = await tx.run(sql`
        INSERT INTO ${mailOutbox} (ref, kind, to_address, subject, text, message_id, next_attempt_at, created_at, issue_id)
        SELECT 'subscriber:' || ${subscribers.id}, ${NEWSLETTER_MAIL_KIND}, ${subscribers.email}, ${message.subject}, '',
          ${`<newsletter-${issue.id}-`} || ${subscribers.id} || ${`@${mail.domain}>`}, ${now}, ${now}, ${issue.id}
        FROM ${subscribers}
        WHERE ${subscribers.state} = 'active'
          AND (${subscribers.tags} IS NULL OR EXISTS (
            SELECT 1 FROM json_each(${subscribers.tags}) WHERE json_each.value IN (${postTagSlugs})))`)
      await tx.update(newsletterIssues).set({ total: added.rowsAffected }).where(eq(newsletterIssues.id, issue.id))
      return added.rowsAffected
    })
    return made
  }

  /** The rows of an issue not sent yet fail at once, in one write, rather than one by one as the sender meets them. */
  async function abandon(issueId: number) {
    await db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: 'The post is no longer public' })
      .where(and(eq(mailOutbox.issueId, issueId), eq(mailOutbox.status, 'pending')))
    issues.delete(issueId)
  }

  /** Issues whose every row is settled get their counts, which then outlast the outbox's rows. */
  async function complete() {
    const open = await db
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(isNull(newsletterIssues.completedAt))
    for (const { id } of open) {
      const counts = await countsOf(db, id)
      if (counts.pending > 0) continue
      await db
        .update(newsletterIssues)
        .set({ completedAt: new Date(clock()), sent: counts.sent, failed: counts.failed })
        .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.completedAt)))
      issues.delete(id)
    }
  }

  return {
    /** Makes the issues of posts that went public with the box ticked; how many messages were queued. */
    async runOnce(): Promise<number> {
      // A post public for days (the loop was off, say) is not mailed late.
      const now = clock()
      const found = await emailedPosts(db)
        .leftJoin(newsletterIssues, eq(newsletterIssues.postId, posts.id))
        .where(and(due(now), isNull(newsletterIssues.id)))
      let queued = 0
      for (const post of found) queued += (await issueFor(post, now)) ?? 0
      await complete()
      return queued
    },

    /** A newsletter row as it is sent: the issue's message with the recipient's links and RFC 8058 headers. */
    async compose(row: OutboxRow) {
      const id = row.issueId!
      let issue = issues.get(id)
      if (!issue) {
        const [stored] = await db
          .select({ html: newsletterIssues.html, text: newsletterIssues.text, postId: newsletterIssues.postId })
          .from(newsletterIssues)
          .where(eq(newsletterIssues.id, id))
        if (!stored) return null
        if (issues.size >= KEPT_ISSUES) issues.delete(issues.keys().next().value!)
        issues.set(id, stored)
        issue = stored
      }
      // One read: the post still public (deleted or taken down while its email goes out, what is left of it is
      // not sent), and the recipient's key (none: they left meanwhile).
      const [found] = await db
        .select({ key: subscribers.key })
        .from(posts)
        .leftJoin(subscribers, eq(subscribers.id, subscriberIdOf(row.ref)))
        .where(and(eq(posts.id, issue.postId), visible(clock())))
      if (!found) {
        await abandon(id)
        return null
      }
      if (found.key === null) return null
      const links = {
        preferences: new URL(subscriberPreferencesPath(found.key), origin()).href,
        unsubscribe: new URL(unsubscribePath(found.key), origin()).href,
      }
      const fill = (body: string) => fillSlots(body, links)
      return {
        html: fill(issue.html),
        text: fill(issue.text),
        headers: {
          // https only: the site reads no mailbox, so a mailto would be a promise nobody keeps.
          'List-Unsubscribe': `<${links.unsubscribe}>`,
          'List-Unsubscribe-Post': ONE_CLICK_BODY,
          'List-Id': `<newsletter.${mail.domain}>`,
          Precedence: 'bulk',
        },
      }
    },
  }
}

export type Newsletter = ReturnType<typeof createNewsletter>
