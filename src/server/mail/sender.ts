import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema'
import { writeTransaction } from '../db/write-transaction'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { countEmail } from '../observability/metrics'
import { emptyWriteAheadLog } from '../ops/erase'
import { renewOnTimer } from '../ops/renew-on-timer'
import { MailError, type MailMessage, type MailTransport } from './transport'

/** Retries wait 30 s, then twice as long each time, at most an hour; after 10 attempts a message has failed. */
export const MAIL_RETRY = { firstDelayMs: 30_000, maxDelayMs: 60 * 60 * 1000, maxAttempts: 10 } as const
export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs)

/**
 * How long a claim holds unless renewed: a sender renews it every quarter of this while it sends its batch
 * (however slowly the server answers), so only a sender that died, or lost the database that long, loses it.
 */
export const CLAIM_MS = 5 * 60 * 1000
const BATCH = 20
const POLL_MS = 5000
const SENT_KEPT_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Every message the outbox holds is written by the site, not by a person, and says so, so that mail
 * systems send no out-of-office or other automatic reply back to it (RFC 3834), and Exchange and Outlook,
 * which read their own header, neither. Only those two kinds of reply are suppressed there: a bounce
 * ("NDR") still comes back, and it may be the only word that a hiring address is mistyped.
 */
export const AUTOMATIC_MAIL_HEADERS = {
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'OOF, AutoReply',
} as const

/** A newsletter row's body and headers, from its issue and recipient; null when the issue is gone. */
export type ComposeBulk = (
  row: typeof mailOutbox.$inferSelect,
) => Promise<Pick<MailMessage, 'html' | 'text' | 'headers'> | null>

export interface MailSenderOptions {
  db: Database
  transport: MailTransport
  from: string
  logger: Logger
  clock?: () => number
  pollMs?: number
  /** How long a claim holds unless renewed (CLAIM_MS; tests shorten it). */
  claimMs?: number
  /** Newsletters: how their rows are composed, and how many go out per second at most. */
  bulk?: { compose: ComposeBulk; perSecond: number }
}

/**
 * Sends the outbox. A sender first claims due rows (status `sending`, its token, a deadline) in one
 * write transaction, so two processes never hold the same row; it keeps the claim while it sends
 * (`keepClaim`), sends a row only while it holds it, and marks it sent or failed only while it still does.
 * A message is sent twice only if, between the server's "250 OK" and marking the row, the sender dies or
 * the write fails (a database busy past its timeout): the row is sent again after the claim expires, with
 * the same Message-ID. Retrying that write here would hold the process (the embedded file waits for its
 * lock synchronously), so it is not.
 */
export function createMailSender({
  db,
  transport,
  from,
  logger,
  clock = Date.now,
  pollMs = POLL_MS,
  claimMs = CLAIM_MS,
  bulk,
}: MailSenderOptions) {
  async function claim(now: number) {
    const token = crypto.randomUUID()
    const rows = await writeTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
            and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimedUntil, now)),
          ),
        )
        // A person's own mail first: a newsletter to thousands does not hold up an applicant's confirmation.
        .orderBy(sql`${mailOutbox.issueId} IS NOT NULL`, mailOutbox.id)
        .limit(BATCH)
      if (due.length === 0) return []
      return tx
        .update(mailOutbox)
        .set({
          status: 'sending',
          claimToken: token,
          claimedUntil: now + claimMs,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning()
    })
    return { token, rows }
  }

  const held = (id: number, token: string) => and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token))

  /**
   * Keeps a batch's claim while it is sent: renewed every quarter of `claimMs`, during a send that drags on
   * too, and before a send once a quarter has passed. A row whose claim ran out all the same is not sent,
   * since another sender may have claimed it meanwhile.
   */
  function keepClaim(token: string, claimedAt: number) {
    let renewedAt = claimedAt
    let kept: Set<number> | null = null
    const renewal = renewOnTimer(
      async () => {
        const now = clock()
        const rows = await db
          .update(mailOutbox)
          .set({ claimedUntil: now + claimMs })
          .where(and(eq(mailOutbox.claimToken, token), gt(mailOutbox.claimedUntil, now)))
          .returning({ id: mailOutbox.id })
        kept = new Set(rows.map((row) => row.id))
        renewedAt = now
      },
      claimMs / 4,
      (error) => logger.error('mail claim renewal failed', errorFields(error)),
    )
    return {
      async holds(id: number): Promise<boolean> {
        if (clock() - renewedAt >= claimMs / 4) {
          try {
            await renewal.now()
          } catch (error) {
            logger.error('mail claim renewal failed', errorFields(error))
            // Not renewed: a send starts only while the claim has half of its time left.
            if (clock() - renewedAt >= claimMs / 2) return false
          }
        }
        return kept === null || kept.has(id)
      },
      release: renewal.stop,
    }
  }

  async function settle(row: typeof mailOutbox.$inferSelect, token: string, error: unknown) {
    const now = clock()
    if (error === null) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(now), claimToken: null, claimedUntil: null, lastError: '' })
        .where(held(row.id, token))
      countEmail('sent')
      return 'sent' as const
    }
    const permanent = error instanceof MailError && error.permanent
    const gaveUp = permanent || row.attempts >= MAIL_RETRY.maxAttempts
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300)
    await db
      .update(mailOutbox)
      .set({
        status: gaveUp ? 'failed' : 'pending',
        nextAttemptAt: now + retryDelayMs(row.attempts),
        claimToken: null,
        claimedUntil: null,
        lastError: reason,
      })
      .where(held(row.id, token))
    // No addresses or server text in the log: only what kind of mail, which attempt and the error's code.
    logger.error('mail delivery failed', {
      outboxId: row.id,
      kind: row.kind,
      attempt: row.attempts,
      code: error instanceof MailError ? error.code : 'unknown',
      gaveUp,
    })
    countEmail(gaveUp ? 'failed' : 'retrying')
    return gaveUp ? ('failed' as const) : ('retrying' as const)
  }

  /** Newsletter rows are paced on the real clock (a test's clock may stand still): the next may go then. */
  let nextBulkAt = 0
  async function pace() {
    if (!bulk) return
    const wait = nextBulkAt - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    nextBulkAt = Math.max(performance.now(), nextBulkAt) + 1000 / bulk.perSecond
  }

  async function messageOf(row: typeof mailOutbox.$inferSelect): Promise<MailMessage> {
    const message: MailMessage = {
      from,
      to: row.to,
      replyTo: row.replyTo || undefined,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      messageId: row.messageId,
      ...(row.calendar ? { calendar: row.calendar } : {}),
      // A recruiter's own message expects a reply: it is not marked as sent by a machine.
      headers: row.sender ? {} : AUTOMATIC_MAIL_HEADERS,
    }
    if (row.issueId === null) return message
    const body = bulk ? await bulk.compose(row) : null
    if (!body) throw new MailError('The newsletter this message belongs to is gone', true, 'gone')
    await pace()
    return { ...message, ...body, headers: { ...message.headers, ...body.headers } }
  }

  let prunedAt = Number.NEGATIVE_INFINITY
  /** One pass: every due message is tried once. Resolves with what came of them. */
  async function runOnce() {
    const outcome = { sent: 0, retrying: 0, failed: 0 }
    const now = clock()
    const { token, rows } = await claim(now)
    // In the claim's order (an update returns its rows in the table's).
    rows.sort((a, b) => Number(a.issueId !== null) - Number(b.issueId !== null) || a.id - b.id)
    const claimed = keepClaim(token, now)
    try {
      for (const row of rows) {
        if (!(await claimed.holds(row.id))) continue
        let error: unknown = null
        try {
          await transport.send(await messageOf(row))
        } catch (caught) {
          error = caught
        }
        outcome[await settle(row, token, error)]++
      }
    } finally {
      await claimed.release()
    }
    if (now - prunedAt > 60 * 60 * 1000) {
      prunedAt = now
      const pruned = await db
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, new Date(now - SENT_KEPT_MS))))
      // The messages name the applicant (ops/erase.ts).
      if (pruned.rowsAffected > 0) await emptyWriteAheadLog(db)
    }
    return outcome
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<unknown> | null = null
  let again = false
  let stopped = true

  function schedule(delay: number) {
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
  }
  async function tick() {
    if (running) {
      again = true
      return
    }
    again = false
    const run = runOnce().catch((error: unknown) => logger.error('the mail loop failed', errorFields(error)))
    running = run
    const outcome = await run
    running = null
    // A full batch leaves more behind (a newsletter): the next one goes at once, not after the poll.
    const full = outcome !== undefined && outcome.sent + outcome.retrying + outcome.failed >= BATCH
    if (!stopped) schedule(again || full ? 0 : pollMs)
  }

  return {
    runOnce,
    /** Polls the outbox every few seconds until stopped. */
    start() {
      stopped = false
      schedule(0)
    },
    /** A message was just queued: send it now rather than at the next poll. */
    wake() {
      if (!stopped) schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      transport.close()
    },
  }
}

export type MailSender = ReturnType<typeof createMailSender>
