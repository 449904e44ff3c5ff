import { desc, eq } from 'drizzle-orm'
import {
  APPLICATION_RATE_LIMIT,
  HONEYPOT_FIELD,
  normalizeApplication,
  type SubmitApplicationResult,
} from '../../../shared/application-rules'
import { type ApplicationRecord, validateApplication } from '../../../shared/application-schema'
import type { Database } from '../../db/client'
import { jobApplications } from '../../db/schema'
import { createRateLimit, rateLimited } from '../../http/rate-limit'

export interface ApplicationServiceOptions {
  /** The job by id when it takes applications now (active, closing date not passed), read from the database. */
  openJob: (id: number) => Promise<{ id: number; title: string } | null>
  /** When an application arrives: its stored time and its rate-limit window. */
  clock?: () => number
}

/** Validates, rate-limits and stores job applications; the row is committed before success is reported. */
export function createApplicationService(db: Database, { openJob, clock = Date.now }: ApplicationServiceOptions) {
  const limit = createRateLimit(db, 'apply', APPLICATION_RATE_LIMIT)
  return {
    /**
     * With an idempotency key, the same key again answers the first application's id and stores nothing
     * (a double click, or a retry after a lost answer), before the rate limit counts it.
     */
    async submit(
      raw: Record<string, unknown>,
      clientKey: string,
      idempotencyKey?: string,
    ): Promise<SubmitApplicationResult> {
      // Bots fill the hidden field; they get an ordinary-looking answer and nothing is stored.
      const honeypot = raw[HONEYPOT_FIELD]
      if (typeof honeypot === 'string' && honeypot.trim() !== '') return { ok: true, id: null }

      const checked = validateApplication(normalizeApplication(raw))
      if (!checked.ok) return { ok: false, status: 400, error: checked.error }
      const job = await openJob(checked.value.jobId)
      if (!job) return { ok: false, status: 400, error: 'This position is not open for applications' }

      // The key stands for this content only: the same key with other content is another application,
      // never silently dropped, and a replayed key answers an id only to the one who sent that content.
      const storedKey = idempotencyKey
        ? `${idempotencyKey}:${new Bun.CryptoHasher('sha256').update(JSON.stringify(checked.value)).digest('hex')}`
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
      const counted = await limit.hit(clientKey, now)
      if (!counted.allowed)
        return rateLimited('Too many applications from this connection. Please try again later.', counted)
      const { jobId: _jobId, jobTitle: _jobTitle, ...fields } = checked.value
      const [row] = await db
        .insert(jobApplications)
        .values({ ...fields, jobId: job.id, jobTitle: job.title, createdAt: new Date(now), idempotencyKey: storedKey })
        .onConflictDoNothing({ target: jobApplications.idempotencyKey })
        .returning({ id: jobApplications.id })
      // No row: the same key landed in parallel, and that one is this application.
      const id = row?.id ?? (await stored())?.id
      return { ok: true, id: id ?? null }
    },

    /** Every stored application for the administrator, newest first. */
    async list(): Promise<ApplicationRecord[]> {
      const rows = await db
        .select()
        .from(jobApplications)
        .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    },
  }
}

export type ApplicationService = ReturnType<typeof createApplicationService>
