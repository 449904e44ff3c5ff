import { eq, gte, sum } from 'drizzle-orm'
import {
  APPLICATION_BODY_LIMIT_BYTES,
  APPLICATION_MESSAGES,
  APPLICATION_UPLOAD_LIMIT_BYTES,
} from '../../../shared/application-rules'
import { RESUME_MESSAGES } from '../../../shared/resume-file'
import type { Database } from '../../db/client'
import { applicationFiles, jobApplications } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { clientNetwork, LIMIT_IPV6_PREFIX_DEFAULT } from '../../http/client-network'
import type { RateLimit } from '../../http/rate-limit'
import type { Logger } from '../../observability/logger'
import { createAllowance } from '../../tasks/allowance'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Upload bytes held in memory at once by all applicants together: two résumés at the largest. Parsing and
 * checking one holds a few more copies of it for a moment, so this bounds the process's memory under a
 * flood. An upload takes its room when its first bytes arrive (a sender that sends nothing holds nothing),
 * all of it at once (so uploads under way never wait on each other), one upload per client at a time.
 */
export const UPLOADS_IN_MEMORY = {
  capacity: 2 * APPLICATION_UPLOAD_LIMIT_BYTES,
  /** Uploads waiting for room; more are refused at once. */
  queue: 16,
  waitMs: 2000,
  retryAfterSeconds: 5,
}

/**
 * How long an upload may take to arrive: 15 s, and a second for every 128 KB it declares (a 10 MB résumé
 * on a 1 Mbit/s line takes 80 s). A sender that trickles is cut off then, and its room freed.
 */
const uploadDeadlineMs = (bytes: number) => 15_000 + (bytes / (128 * 1024)) * 1000

/** When the day's budget is full, how long to come back after: the budget frees as the day rolls on. */
const BUDGET_RETRY_AFTER_SECONDS = 3600

export type UploadRefusal = { ok: false; status: 400 | 413 | 429 | 503; error: string; retryAfterSeconds?: number }
export type UploadAdmission =
  | {
      ok: true
      /** The rate limit has counted this request already: the service must not count it again. */
      counted: boolean
      /**
       * Asked for each chunk of the body before it is kept (body-bytes.ts `readBodyBytes`): false when no
       * room in memory came in time, and the upload is refused with `busy` (and not counted).
       */
      charge: (bytes: number) => Promise<boolean>
      /** How long the body may take to arrive (body-bytes.ts `readBodyBytes`). */
      withinMs: number
      /** Gives the memory back once the body and its checks are done with. */
      release: () => void
    }
  | UploadRefusal

/** The refusal of an upload whose bytes found no room in memory in time. */
export const uploadsBusy = (inMemory = UPLOADS_IN_MEMORY) => ({
  ok: false as const,
  status: 503 as const,
  error: APPLICATION_MESSAGES.uploadsBusy,
  retryAfterSeconds: inMemory.retryAfterSeconds,
})

export interface UploadGateOptions {
  /** The applications' rate limit: every upload counts, refused or not. */
  limit: RateLimit
  /** The IPv6 network counted as one client (client-network.ts), as the rate limit counts it. */
  ipv6Prefix?: number
  dailyBudgetBytes: number
  clock?: () => number
  inMemory?: typeof UPLOADS_IN_MEMORY
  /** Where the warning goes when an upload finds the day's budget full and the last one did not. */
  warn?: Logger['warn']
}

/**
 * The bytes a request may bring if it carries a file, null for a text-only application, NaN for a length
 * that is no length. A declared length past what text needs (64 KB) may carry a file, and so may multipart
 * without a length (as much as allowed); JSON without a length is read to 64 KB at most.
 */
function declaredUpload(request: Request): number | null {
  const declared = request.headers.get('content-length')
  if (declared !== null && !/^\d{1,15}$/.test(declared)) return Number.NaN
  const multipart = /^multipart\//i.test(request.headers.get('content-type') ?? '')
  if (declared === null) return multipart ? APPLICATION_UPLOAD_LIMIT_BYTES : null
  return Number(declared) > APPLICATION_BODY_LIMIT_BYTES ? Number(declared) : null
}

/** The refusal of an upload once the day's budget of stored résumés is full. */
const budgetSpent = (): UploadRefusal => ({
  ok: false,
  status: 503,
  error: APPLICATION_MESSAGES.uploadsPaused,
  retryAfterSeconds: BUDGET_RETRY_AFTER_SECONDS,
})

/** Résumé bytes stored from applications that arrived since `since`, by every process sharing the database. */
async function storedResumeBytesSince(db: Database | WriteTx, since: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(applicationFiles.size) })
    .from(applicationFiles)
    .innerJoin(jobApplications, eq(jobApplications.id, applicationFiles.applicationId))
    .where(gte(jobApplications.createdAt, new Date(since)))
  return Number(row?.bytes ?? 0)
}

/**
 * Decides, from the headers alone, whether an application's upload may be read: nothing a stranger sends
 * is read before this. Refused are uploads past the size limit (413), a client over the applications' rate
 * limit (429: every upload counts toward it, refused ones too) and uploads past the day's budget of stored
 * résumés (503 with Retry-After). An upload admitted is then read against the room in memory (`charge`).
 * A text-only application is refused only when its client is over the limit already: the service counts
 * it when stored.
 */
export function createUploadGate(db: Database, options: UploadGateOptions) {
  const { limit, dailyBudgetBytes, clock = Date.now, inMemory = UPLOADS_IN_MEMORY, warn, ipv6Prefix } = options
  const memory = createAllowance(inMemory)
  /** Client networks with an upload under way. */
  const uploading = new Set<string>()
  let budgetFull = false
  let storedToday = 0
  const refused = { tooLarge: 0, rateLimited: 0, budget: 0, memory: 0 }
  /** Whether `stored` bytes spend the day's budget: kept for the metrics, and warned of once as it fills. */
  const spent = (stored: number) => {
    storedToday = stored
    if (stored < dailyBudgetBytes) {
      budgetFull = false
      return false
    }
    if (!budgetFull)
      warn?.('résumé uploads refused: the day’s budget of stored résumés is full (UPLOAD_BUDGET_MB_PER_DAY)', {
        storedBytes: stored,
        budgetBytes: dailyBudgetBytes,
      })
    budgetFull = true
    return true
  }

  return {
    stats: () => ({ heldBytes: memory.held(), storedTodayBytes: storedToday, refused: { ...refused } }),

    /**
     * Asked again in the write that stores an upload the gate admitted, where writes take turns: uploads
     * admitted at once all found the same room at the gate, and only the turn of each shows what the others
     * stored. A spent budget is answered by `refuseForBudget` once the write is over.
     */
    spentIn: async (tx: WriteTx, now: number): Promise<boolean> =>
      spent(await storedResumeBytesSince(tx, now - DAY_MS)),

    refuseForBudget(): UploadRefusal {
      refused.budget++
      return budgetSpent()
    },

    async admit(request: Request, client: string): Promise<UploadAdmission> {
      const declared = declaredUpload(request)
      if (Number.isNaN(declared)) return { ok: false, status: 400, error: 'The Content-Length header is not valid' }
      const now = clock()
      const tooMany = (retryAfterSeconds: number): UploadRefusal => {
        refused.rateLimited++
        return { ok: false, status: 429, error: APPLICATION_MESSAGES.tooMany, retryAfterSeconds }
      }
      // Text alone is counted once stored (the service); a client already over the limit is not read at all.
      if (declared === null) {
        const state = await limit.peek(client, now)
        if (!state.allowed) return tooMany(state.retryAfterSeconds)
        return { ok: true, counted: false, charge: async () => true, withinMs: Number.POSITIVE_INFINITY, release() {} }
      }
      // One upload per client at a time: more of them at once are refused before they count or are read.
      const network = clientNetwork(client, ipv6Prefix ?? LIMIT_IPV6_PREFIX_DEFAULT)
      if (uploading.has(network)) return tooMany(inMemory.retryAfterSeconds)
      const counted = await limit.hit(client, now)
      if (!counted.allowed) return tooMany(counted.retryAfterSeconds)
      if (declared > APPLICATION_UPLOAD_LIMIT_BYTES) {
        refused.tooLarge++
        return { ok: false, status: 413, error: RESUME_MESSAGES.tooLarge }
      }
      if (spent(await storedResumeBytesSince(db, now - DAY_MS))) {
        refused.budget++
        return budgetSpent()
      }
      uploading.add(network)
      let room: Promise<(() => void) | null> | null = null
      const charge = async () => {
        room ??= memory.take(declared).then(async (release) => {
          if (release) return release
          refused.memory++
          // Refused for the server's want of room, not for what was sent: the upload does not count.
          await limit.refund(client)
          return null
        })
        return (await room) !== null
      }
      let released = false
      const release = () => {
        // Once: a second call must not free the place of this client's next upload.
        if (released) return
        released = true
        uploading.delete(network)
        void room?.then((given) => given?.())
      }
      return { ok: true, counted: true, charge, withinMs: uploadDeadlineMs(declared), release }
    },
  }
}
