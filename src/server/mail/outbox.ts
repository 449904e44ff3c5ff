import { and, count, desc, eq, inArray, lte, notInArray, or } from 'drizzle-orm'
import type { MailDelivery } from '../../shared/application-pipeline'
import { NEWSLETTER_MAIL_KINDS } from '../../shared/newsletter'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { WriteTx } from '../db/write-transaction'

/** A message to send, as the event that causes it writes it. */
export interface OutgoingMail {
  /** What it is about (`application:12`): deleting that deletes its mail too. */
  ref: string
  kind: string
  to: string
  replyTo?: string
  subject: string
  text: string
  /** An HTML alternative to the text. */
  html?: string
  /** The staff member who wrote it; none for what the site sends by itself. */
  sender?: string
  /** An iCalendar invitation to send with it (an interview's). */
  calendar?: string
}

/**
 * Writes a message to the outbox in the caller's transaction: it is sent only if that commits, and is
 * never lost once it has. The Message-ID is fixed now, so every attempt sends the same one.
 */
export async function enqueueMail(
  tx: WriteTx,
  mail: OutgoingMail,
  { now, domain, sendAt = now }: { now: number; domain: string; sendAt?: number },
): Promise<MailDelivery> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      ...mail,
      replyTo: mail.replyTo ?? '',
      html: mail.html ?? '',
      sender: mail.sender ?? '',
      calendar: mail.calendar ?? '',
      messageId: `<${crypto.randomUUID()}@${domain}>`,
      // A send time later than now (a recruiter's "tomorrow at 9:00"): no sender takes it before then.
      nextAttemptAt: Math.max(now, sendAt),
      createdAt: new Date(now),
    })
    .returning()
  return toDelivery(row!)
}

/** The messages about what `refs` name go with them (an application deleted by hand or by retention). */
export async function deleteMailFor(tx: WriteTx, refs: string[]): Promise<void> {
  if (refs.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.ref, refs))
}

function toDelivery(row: typeof mailOutbox.$inferSelect): MailDelivery {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sender: row.sender,
    // Waiting for its send time, not yet tried: when it will go.
    scheduledFor:
      row.status === 'pending' && row.attempts === 0 && row.nextAttemptAt > row.createdAt.getTime()
        ? new Date(row.nextAttemptAt).toISOString()
        : null,
  }
}

/** The outbox as the administrator sees it: the newsletter's mail is not in it (the editor follows a post's). */
export function createOutboxReader(db: Database) {
  const listed = notInArray(mailOutbox.kind, NEWSLETTER_MAIL_KINDS)
  return {
    /** What a message is (its kind), or null when there is none by that id. */
    async kindOf(id: number): Promise<string | null> {
      const [row] = await db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.id, id))
      return row?.kind ?? null
    },
    async deliveriesOf(ref: string): Promise<MailDelivery[]> {
      const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.ref, ref)).orderBy(mailOutbox.id)
      return rows.map(toDelivery)
    },
    /** Deliveries that gave up, newest first. */
    async failed(limit = 50): Promise<MailDelivery[]> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'failed'), listed))
        .orderBy(desc(mailOutbox.id))
        .limit(limit)
      return rows.map(toDelivery)
    },
    /** Messages due and not gone yet; one scheduled for later is not waiting. */
    async waiting(now: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          and(
            listed,
            or(
              and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
              eq(mailOutbox.status, 'sending'),
            ),
          ),
        )
      return row?.n ?? 0
    },
    /** A failed delivery goes back in the queue, due now, with its attempts counted afresh. */
    async retry(id: number, now: number): Promise<boolean> {
      const rows = await db
        .update(mailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: '' })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed'), listed))
        .returning({ id: mailOutbox.id })
      return rows.length > 0
    },
  }
}

export type OutboxReader = ReturnType<typeof createOutboxReader>
