import { asc, eq } from 'drizzle-orm'
import type { MailDelivery } from '../../../shared/application-pipeline'
import { PIPELINE_MESSAGES } from '../../../shared/application-pipeline'
import {
  CANDIDATE_EMAIL_MESSAGES,
  type EmailTemplate,
  mergeValues,
  renderTemplate,
} from '../../../shared/candidate-email'
import type { CandidateEmailInput, EmailTemplateInput } from '../../../shared/candidate-email-schema'
import { type StaffUser, staffName } from '../../../shared/staff'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { emailTemplates, jobApplications } from '../../db/schema'
import { enqueueMail } from '../../mail/outbox'
import { changeStatus } from './admin-service'
import type { CandidateMail } from './candidate-mail'
import { applicationMailRef } from './notifications'

type Sender = Pick<StaffUser, 'id' | 'name' | 'email'>
type Message = CandidateEmailInput & { sendAtMs: number | null }
type Refusal = { ok: false; status: 400 | 404 | 409; error: string }

const toTemplate = (row: typeof emailTemplates.$inferSelect): EmailTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
})

/**
 * The recruiters' templates, and email to one candidate through the outbox: merge fields filled for them,
 * sent from the site with the sender's address as Reply-To, now or at a time given, in the candidate's
 * timeline with its delivery state (its `ref` is the application's).
 */
export function createCandidateEmailService(
  db: Database,
  { content, clock, mail }: { content: Pick<ContentVersion, 'write'>; clock: () => number; mail: CandidateMail | null },
) {
  async function template(id: number) {
    const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id))
    return row ? toTemplate(row) : null
  }

  return {
    /** Whether email goes out at all: nothing can be sent to candidates without it. */
    mailOn: mail !== null,
    template,
    async templates(): Promise<EmailTemplate[]> {
      return (await db.select().from(emailTemplates).orderBy(asc(emailTemplates.name), asc(emailTemplates.id))).map(
        toTemplate,
      )
    },
    async createTemplate(input: EmailTemplateInput): Promise<EmailTemplate> {
      const now = new Date(clock())
      const [row] = await content.write((tx) =>
        tx
          .insert(emailTemplates)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning(),
      )
      return toTemplate(row!)
    },
    async updateTemplate(id: number, input: EmailTemplateInput): Promise<EmailTemplate | null> {
      const [row] = await content.write((tx) =>
        tx
          .update(emailTemplates)
          .set({ ...input, updatedAt: new Date(clock()) })
          .where(eq(emailTemplates.id, id))
          .returning(),
      )
      return row ? toTemplate(row) : null
    },
    async removeTemplate(id: number): Promise<boolean> {
      const rows = await content.write((tx) =>
        tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id }),
      )
      return rows.length > 0
    },

    /** The message as the candidate will get it, queued; a template's subject or body is overridden by one given. */
    send: (applicationId: number, input: Message, sender: Sender) => queue(applicationId, input, sender),

    /**
     * Rejected with a template: the message queued and the status changed in one transaction, so a retry
     * never tells a candidate twice; one already rejected is left as it is (`alreadyRejected`).
     */
    reject: (applicationId: number, input: Message, sender: Sender) => queue(applicationId, input, sender, 'rejected'),
  }

  async function queue(
    applicationId: number,
    input: Message,
    sender: Sender,
    moveTo?: 'rejected',
  ): Promise<{ ok: true; delivery: MailDelivery } | ({ ok: false; alreadyRejected?: true } & Refusal)> {
    if (!mail) return { ok: false, status: 409, error: CANDIDATE_EMAIL_MESSAGES.mailOff }
    const chosen = input.templateId === undefined ? null : await template(input.templateId)
    if (input.templateId !== undefined && !chosen)
      return { ok: false, status: 404, error: CANDIDATE_EMAIL_MESSAGES.templateNotFound }
    const subject = (input.subject ?? chosen?.subject ?? '').trim()
    const body = (input.body ?? chosen?.body ?? '').trim()
    if (!subject) return { ok: false, status: 400, error: CANDIDATE_EMAIL_MESSAGES.subjectRequired }
    if (!body) return { ok: false, status: 400, error: CANDIDATE_EMAIL_MESSAGES.bodyRequired }
    const senderName = staffName(sender)
    const now = clock()
    // A minute's grace for the time it took to press Send.
    if (input.sendAtMs !== null && input.sendAtMs < now - 60_000)
      return { ok: false, status: 400, error: CANDIDATE_EMAIL_MESSAGES.sendAtPassed }
    // The application is read in the write itself: one deleted meanwhile (by hand, or its time up) gets no mail.
    const queued = await content.write(async (tx) => {
      const [application] = await tx
        .select({
          fullName: jobApplications.fullName,
          email: jobApplications.email,
          role: jobApplications.jobTitle,
          status: jobApplications.status,
        })
        .from(jobApplications)
        .where(eq(jobApplications.id, applicationId))
      if (!application) return null
      if (moveTo && application.status === moveTo) return 'already' as const
      const values = mergeValues(application.fullName, application.role, senderName)
      const delivery = await enqueueMail(
        tx,
        {
          ref: applicationMailRef(applicationId),
          kind: 'candidate-message',
          to: application.email,
          // Replies go to the person who wrote; to the hiring team's address when they have none of their own.
          replyTo: sender.email || mail.hiringEmail,
          sender: senderName,
          // One line: a subject cannot break into headers, whatever a merge field holds.
          subject: renderTemplate(subject, values).replace(/\s+/g, ' '),
          text: renderTemplate(body, values),
        },
        { now, domain: mail.domain, sendAt: input.sendAtMs ?? now },
      )
      if (moveTo)
        await changeStatus(
          tx,
          applicationId,
          { from: application.status, to: moveTo },
          { at: new Date(now), authorId: sender.id, authorName: senderName },
        )
      return delivery
    })
    if (queued === null) return { ok: false, status: 404, error: PIPELINE_MESSAGES.notFound }
    if (queued === 'already')
      return { ok: false, status: 409, error: CANDIDATE_EMAIL_MESSAGES.alreadyRejected, alreadyRejected: true }
    if (!queued.scheduledFor) mail.wake()
    return { ok: true, delivery: queued }
  }
}

export type CandidateEmailService = ReturnType<typeof createCandidateEmailService>
