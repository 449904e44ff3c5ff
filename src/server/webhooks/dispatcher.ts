import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { Webhook as Signer } from 'standardwebhooks'
import type { Database } from '../db/client'
import { webhookDeliveries, webhooks } from '../db/schema'
import { writeTransaction } from '../db/write-transaction'
import { postJson } from './post-json'
import { allowsPrivateTargets } from './private-targets'
import { type Resolve, resolveHost, targetProblem } from './target-guard'

/** Waits after each failed try (Standard Webhooks' schedule, shortened at the start); then it gives up. */
export const RETRY_AFTER_MS = [5_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 8 * 3_600_000]
const TIMEOUT_MS = 10_000
/** A claim outlasts a whole batch at its slowest (each try ends within TIMEOUT_MS), so no one else takes it. */
const BATCH = 5
const CLAIM_MS = 4 * BATCH * TIMEOUT_MS

/**
 * Sends what the webhooks are owed: each due delivery tried once per run, signed for a Standard receiver,
 * its target checked again and at the connection itself (a name may resolve elsewhere since), redirects not
 * followed, answered within ten seconds. A 2xx is delivered; anything else is tried again later, and given up on after the last wait.
 */
export function createWebhookDispatcher({
  db,
  clock,
  resolve = resolveHost,
}: {
  db: Database
  clock: () => number
  resolve?: Resolve
}) {
  const due = (now: number) =>
    or(
      and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)),
      and(eq(webhookDeliveries.status, 'sending'), lte(webhookDeliveries.claimedUntil, now)),
    )

  /** Due deliveries, taken by this run (`token`); read first, so an idle loop takes no write lock. */
  async function claim(now: number, token: string) {
    const [any] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(due(now)).limit(1)
    if (!any) return []
    return writeTransaction(db, async (tx) => {
      const ids = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(due(now))
        .orderBy(webhookDeliveries.id)
        .limit(BATCH)
      if (ids.length === 0) return []
      return tx
        .update(webhookDeliveries)
        .set({
          status: 'sending',
          claimToken: token,
          claimedUntil: now + CLAIM_MS,
          attempts: sql`${webhookDeliveries.attempts} + 1`,
        })
        .where(
          inArray(
            webhookDeliveries.id,
            ids.map((row) => row.id),
          ),
        )
        .returning()
    })
  }

  /** One try: the receiver's status and how long it took, or why it could not be asked. */
  async function attempt(
    row: typeof webhookDeliveries.$inferSelect,
    hook: typeof webhooks.$inferSelect,
    { now, allowPrivate }: { now: number; allowPrivate: boolean },
  ) {
    // Checked here for a clear message, and again by the connection's own lookup (post-json.ts).
    const problem = await targetProblem(hook.url, allowPrivate, resolve)
    if (problem) return { code: null, ms: null, error: problem }
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'studio-webhooks/1' }
    if (hook.kind === 'standard') {
      const at = new Date(now)
      headers['webhook-id'] = row.messageId
      headers['webhook-timestamp'] = String(Math.floor(now / 1000))
      headers['webhook-signature'] = new Signer(hook.secret).sign(row.messageId, at, row.payload)
    }
    const started = performance.now()
    try {
      const code = await postJson(hook.url, { headers, body: row.payload, timeoutMs: TIMEOUT_MS, allowPrivate })
      const ms = Math.round(performance.now() - started)
      return { code, ms, error: code >= 200 && code < 300 ? '' : `answered ${code}` }
    } catch (error) {
      return { code: null, ms: Math.round(performance.now() - started), error: (error as Error).message || 'failed' }
    }
  }

  async function runOnce() {
    const outcome = { delivered: 0, retrying: 0, failed: 0 }
    const now = clock()
    const token = crypto.randomUUID()
    const rows = await claim(now, token)
    if (rows.length === 0) return outcome
    // Read once a run: the webhooks of the batch, and whether private targets are allowed.
    const hooks = await db
      .select()
      .from(webhooks)
      .where(inArray(webhooks.id, [...new Set(rows.map((row) => row.webhookId))]))
    const allowPrivate = await allowsPrivateTargets(db)
    for (const row of rows) {
      const hook = hooks.find((one) => one.id === row.webhookId)
      if (!hook) continue
      const tried = await attempt(row, hook, { now, allowPrivate })
      const delivered = tried.code !== null && tried.code >= 200 && tried.code < 300
      const wait = RETRY_AFTER_MS[row.attempts - 1]
      const status = delivered ? 'delivered' : wait === undefined ? 'failed' : 'pending'
      await db
        .update(webhookDeliveries)
        .set({
          status,
          claimToken: null,
          claimedUntil: null,
          responseCode: tried.code,
          durationMs: tried.ms,
          lastError: tried.error,
          nextAttemptAt: status === 'pending' ? now + wait! : row.nextAttemptAt,
          deliveredAt: delivered ? new Date(clock()) : null,
        })
        .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.claimToken, token)))
      outcome[delivered ? 'delivered' : status === 'failed' ? 'failed' : 'retrying']++
    }
    return outcome
  }

  return { runOnce }
}
