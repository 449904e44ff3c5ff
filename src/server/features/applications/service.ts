import { eq } from 'drizzle-orm'
import { APPLICATION_RETENTION_DAYS_DEFAULT } from '../../../shared/application-pipeline'
import {
  APPLICATION_MESSAGES,
  APPLICATION_RATE_LIMIT,
  HONEYPOT_FIELD,
  normalizeApplication,
  type SubmitApplicationResult,
  UPLOAD_BUDGET_MB_PER_DAY_DEFAULT,
} from '../../../shared/application-rules'
import { validateApplication } from '../../../shared/application-schema'
import { answerProblems, storedAnswers } from '../../../shared/job-questions'
import { RESUME_MAX_BYTES, RESUME_MESSAGES } from '../../../shared/resume-file'
import { WRITE_UNCONFIRMED_STATUS } from '../../../shared/write-outcome'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { unavailableReason } from '../../db/errors'
import { applicationFiles, jobApplications } from '../../db/schema'
import { isWriteInDoubt, WRITE_IN_DOUBT_LOG } from '../../db/unconfirmed-writes'
import { createRateLimit, rateLimited } from '../../http/rate-limit'
import { enqueueMail } from '../../mail/outbox'
import type { MailSettings } from '../../mail/settings'
import type { Logger } from '../../observability/logger'
import type { JobDirectory } from './job-directory'
import { applicationMail } from './notifications'
import { CHECKS_BUSY, checkResumeFormat } from './resume-check'
import { safeResumeFileName } from './resume-format'
import { createUploadGate, type UploadGateOptions, uploadsBusy } from './upload-gate'

/** Email, when an SMTP server is configured: who gets it, and how to tell the sender a message is waiting. */
export interface ApplicationMail {
  settings: Pick<MailSettings, 'hiringEmail' | 'domain'>
  wake(): void
}

export interface ApplicationServiceOptions {
  content: Pick<ContentVersion, 'write'>
  /** Which jobs take applications now (active, closing date not passed), read from the database. */
  jobs: JobDirectory
  /** When an application arrives: its stored time and its rate-limit window. */
  clock?: () => number
  mail?: ApplicationMail | null
  retentionDays?: number
  /** The IPv6 network counted as one client by the rate limit (client-network.ts). */
  ipv6Prefix?: number
  /** The upload gate's settings (upload-gate.ts): the day's budget of stored résumés in MB, and so on. */
  uploads?: Pick<UploadGateOptions, 'warn' | 'inMemory'> & { budgetMbPerDay?: number }
  /** Where an application left in doubt is logged (it is answered here, not by the error answers). */
  logError?: Logger['error']
}

/** A résumé file as it arrived: the applicant's name for it and its bytes. */
export interface ResumeUpload {
  name: string
  bytes: Uint8Array
}

export interface SubmitOptions {
  clientKey: string
  idempotencyKey?: string
  resume?: ResumeUpload | null
  /** The site's origin, for the links in the emails. */
  origin: string
  /** The upload gate counted this request toward the rate limit already (upload-gate.ts). */
  counted?: boolean
}

const sha256 = (data: string | Uint8Array) => new Bun.CryptoHasher('sha256').update(data).digest('hex')

/**
 * Validates, rate-limits and stores job applications. The application, its résumé file and its emails
 * are written in one transaction, committed before success is reported; the emails go out afterwards.
 */
const jobNotOpen = { ok: false, status: 400, error: 'This position is not open for applications' } as const
/** What the write transaction says when the job closed between the first look and the insert. */
const JOB_CLOSED = Symbol('job closed')
/** What the write transaction says when uploads stored meanwhile spent the day's budget (upload-gate.ts). */
const BUDGET_SPENT = Symbol('budget spent')
/** What the write comes to when the database stopped answering and it may be stored (decision 0048). */
const IN_DOUBT = Symbol('in doubt')
/** The applications' rate-limit rows, keyed by the client's address. */
export const APPLICATION_RATE_LIMIT_SCOPE = 'apply'

export function createApplicationService(
  db: Database,
  {
    content,
    jobs,
    clock = Date.now,
    mail = null,
    retentionDays = APPLICATION_RETENTION_DAYS_DEFAULT,
    ipv6Prefix,
    uploads,
    logError,
  }: ApplicationServiceOptions,
) {
  const limit = createRateLimit(db, APPLICATION_RATE_LIMIT_SCOPE, APPLICATION_RATE_LIMIT, { ipv6Prefix })
  const gate = createUploadGate(db, {
    limit,
    ipv6Prefix,
    clock,
    dailyBudgetBytes: (uploads?.budgetMbPerDay ?? UPLOAD_BUDGET_MB_PER_DAY_DEFAULT) * 1024 * 1024,
    warn: uploads?.warn,
    inMemory: uploads?.inMemory,
  })
  return {
    /** Before an application's body is read: whether it may be (upload-gate.ts). */
    admitUpload: gate.admit,
    uploadStats: gate.stats,
    submit,
  }

  /**
   * With an idempotency key, the same key again answers the first application's id and stores nothing
   * (a double click, or a retry after a lost answer); a text application sent again so is not counted
   * again, an upload is (the gate counted it before it was read: upload-gate.ts). A résumé refused for what
   * it is counts toward the limit, as every upload does.
   */
  async function submit(
    raw: Record<string, unknown>,
    { clientKey, idempotencyKey, resume = null, origin, counted = false }: SubmitOptions,
  ): Promise<SubmitApplicationResult> {
    const refuseUpload = async (refusal: Extract<SubmitApplicationResult, { ok: false }>) => {
      if (!counted) await limit.hit(clientKey, clock())
      return refusal
    }
    // Bots fill the hidden field; they get an ordinary-looking answer and nothing is stored.
    const honeypot = raw[HONEYPOT_FIELD]
    if (typeof honeypot === 'string' && honeypot.trim() !== '') return { ok: true, id: null }

    const checked = validateApplication(normalizeApplication(raw))
    if (!checked.ok) return { ok: false, status: 400, error: checked.error }
    if (!checked.value.resumeText && !resume)
      return { ok: false, status: 400, error: APPLICATION_MESSAGES.resumeRequired }
    if (resume && resume.bytes.byteLength > RESUME_MAX_BYTES)
      return refuseUpload({ ok: false, status: 413, error: RESUME_MESSAGES.tooLarge })
    // Bun reads a part sent with `filename=""` as a file without a name.
    if (resume && !resume.name) return refuseUpload({ ok: false, status: 400, error: RESUME_MESSAGES.noName })
    const format = resume ? await checkResumeFormat(resume.bytes) : null
    if (format === CHECKS_BUSY) return uploadsBusy()
    if (resume && !format) return refuseUpload({ ok: false, status: 415, error: RESUME_MESSAGES.wrongType })
    const job = await jobs.openJob(checked.value.jobId)
    if (!job) return jobNotOpen
    const answers = checked.value.answers ?? {}
    const [wrongAnswer] = answerProblems(job.questions, answers)
    if (wrongAnswer) return { ok: false, status: 400, error: wrongAnswer.message }

    // The key stands for this content only: the same key with other content is another application,
    // never silently dropped, and a replayed key answers an id only to the one who sent that content.
    const storedKey = idempotencyKey
      ? `${idempotencyKey}:${sha256(JSON.stringify(checked.value) + (resume ? sha256(resume.bytes) : ''))}`
      : undefined
    const stored = async () =>
      storedKey
        ? (
            await db
              .select({ id: jobApplications.id })
              .from(jobApplications)
              .where(eq(jobApplications.idempotencyKey, storedKey))
          )[0]
        : undefined
    const earlier = await stored()
    if (earlier) return { ok: true, id: earlier.id }

    const now = clock()
    if (!counted) {
      const hit = await limit.hit(clientKey, now)
      if (!hit.allowed) return rateLimited(APPLICATION_MESSAGES.tooMany, hit)
    }
    const { jobId: _jobId, jobTitle: _jobTitle, answers: _answers, ...fields } = checked.value
    const written = content.write(async (tx) => {
      // Again under the write lock: a job closed or deleted since the first look takes no application.
      if (!(await jobs.openJob(job.id, tx))) return JOB_CLOSED
      // A résumé the gate admitted as an upload, against the day's budget (smaller ones never are: decision 0025).
      if (resume && counted) {
        // Sent again, it is the one stored: its id, whatever the budget says now.
        const [same] = storedKey
          ? await tx
              .select({ id: jobApplications.id })
              .from(jobApplications)
              .where(eq(jobApplications.idempotencyKey, storedKey))
          : []
        if (same) return same.id
        if (await gate.spentIn(tx, now)) return BUDGET_SPENT
      }
      const [row] = await tx
        .insert(jobApplications)
        .values({
          ...fields,
          jobId: job.id,
          jobTitle: job.title,
          answers: storedAnswers(job.questions, answers),
          createdAt: new Date(now),
          idempotencyKey: storedKey,
        })
        .onConflictDoNothing({ target: jobApplications.idempotencyKey })
        .returning({ id: jobApplications.id })
      // No row: the same key landed in parallel, and that one is this application.
      if (!row) return null
      if (resume && format) {
        // A view of the bytes, not a copy of them: a résumé may be 10 MB.
        const bytes = Buffer.from(resume.bytes.buffer, resume.bytes.byteOffset, resume.bytes.byteLength)
        const fileName = safeResumeFileName(resume.name, format)
        await tx
          .insert(applicationFiles)
          .values({ applicationId: row.id, fileName, format, size: bytes.byteLength, bytes })
      }
      if (mail) {
        const messages = applicationMail(
          { id: row.id, jobTitle: job.title, fullName: fields.fullName, email: fields.email },
          { hiringEmail: mail.settings.hiringEmail, origin, retentionDays },
        )
        for (const message of messages) await enqueueMail(tx, message, { now, domain: mail.settings.domain })
      }
      return row.id
    })
    const id = await written.catch((error: unknown): typeof IN_DOUBT => {
      if (!isWriteInDoubt(error)) throw error
      logError?.(WRITE_IN_DOUBT_LOG, { path: 'application', error: unavailableReason(error) })
      // It may be stored, its emails with it: they go out if it is.
      mail?.wake()
      return IN_DOUBT
    })
    if (id === IN_DOUBT)
      return {
        ok: false,
        status: WRITE_UNCONFIRMED_STATUS,
        // Without a key, a second sending is a second application: the confirmation email says whether to.
        error: mail && !idempotencyKey ? APPLICATION_MESSAGES.inDoubtWatchEmail : APPLICATION_MESSAGES.inDoubt,
      }
    if (id === JOB_CLOSED) return jobNotOpen
    // The day's budget filled meanwhile: refused as the gate would have.
    if (id === BUDGET_SPENT) return gate.refuseForBudget()
    if (id !== null) mail?.wake()
    return { ok: true, id: id ?? (await stored())?.id ?? null }
  }
}

export type ApplicationService = ReturnType<typeof createApplicationService>
