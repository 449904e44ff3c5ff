import { and, desc, inArray, like, lt, or, type SQL } from 'drizzle-orm'
import type { AuditEvent, AuditEventType } from '../../shared/admin-security'
import type { StaffUser } from '../../shared/staff'
import type { Database } from '../db/client'
import { auditLog } from '../db/schema'
import { bookkeeping } from '../db/unconfirmed-writes'

export const AUDIT_RETENTION_DAYS_DEFAULT = 180
const DAY_MS = 24 * 60 * 60 * 1000
/** Old rows are pruned on a write at most this often, per process. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000
export const AUDIT_PAGE_SIZE = { default: 100, max: 500 } as const

export interface AuditQuery {
  /** Whole types or their first part (`login` matches `login.failed`). */
  types?: readonly string[]
  limit?: number
  /** Only events older than this id, for the next page. */
  before?: number
}

/**
 * The security and content event log. Rows say what happened, when, from which address and to what
 * (a post title, a session's browser): never a password, a code or an application's contents.
 */
export function createAuditLog(
  db: Database,
  {
    clock = Date.now,
    retentionDays = AUDIT_RETENTION_DAYS_DEFAULT,
  }: { clock?: () => number; retentionDays?: number } = {},
) {
  let prunedAt = Number.NEGATIVE_INFINITY

  async function prune(now: number) {
    await db.delete(auditLog).where(lt(auditLog.at, new Date(now - retentionDays * DAY_MS)))
    prunedAt = now
  }

  return {
    async record(
      type: AuditEventType,
      {
        clientAddress = '',
        subject = '',
        person,
      }: { clientAddress?: string; subject?: string; person?: Pick<StaffUser, 'id' | 'name' | 'email'> } = {},
    ): Promise<void> {
      const now = clock()
      // The site's own account of what happened, not what the request was asked to save (decision 0048).
      await bookkeeping(async () => {
        await db.insert(auditLog).values({
          at: new Date(now),
          type,
          clientAddress: clientAddress.slice(0, 100),
          subject: subject.slice(0, 300),
          staffId: person?.id ?? null,
          staffName: person ? person.name || person.email : '',
        })
        if (now - prunedAt > PRUNE_INTERVAL_MS) await prune(now)
      })
    },

    /** Newest first. */
    async list({ types, limit = AUDIT_PAGE_SIZE.default, before }: AuditQuery = {}): Promise<AuditEvent[]> {
      const filters: (SQL | undefined)[] = []
      if (types && types.length > 0)
        filters.push(or(inArray(auditLog.type, [...types]), ...types.map((t) => like(auditLog.type, `${t}.%`))))
      if (before !== undefined) filters.push(lt(auditLog.id, before))
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(...filters))
        .orderBy(desc(auditLog.id))
        .limit(Math.min(Math.max(1, limit), AUDIT_PAGE_SIZE.max))
      return rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        type: row.type as AuditEventType,
        clientAddress: row.clientAddress,
        subject: row.subject,
        staffId: row.staffId,
        staffName: row.staffName,
      }))
    },

    prune: () => prune(clock()),
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>

/**
 * Records an event for a request: the address comes from the request, as the login limits see it, and
 * the person from its session (or `person`, at a sign-in, before the session exists).
 */
export type RecordEvent = (
  request: Request,
  type: AuditEventType,
  subject?: string,
  person?: Pick<StaffUser, 'id' | 'name' | 'email'>,
) => Promise<void>
