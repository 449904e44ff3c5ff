import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { mailOutbox, posts, subscribers } from '../../src/server/db/schema'
import { startServer } from '../e2e/support/server'
import { freePort } from './free-port'

export interface NewsletterCrashRun {
  subscribers: number
  /** Messages the SMTP server accepted, resends included. */
  deliveries: number
  /** Subscribers who got it: each is counted once, whatever they got. */
  recipients: number
  /** Subscribers whose messages do not all share one Message-ID (a second, different message): must be 0. */
  recipientsWithTwoMessages: number
  /** Messages accepted twice with the same Message-ID (the one in flight at the kill): a receiver drops them. */
  resends: number
  /** Accepted when the sending process was killed. */
  deliveredBeforeKill: number
  /** From the first server's start to the last message, the restart included. */
  seconds: number
  messagesPerSecond: number
  /** Outbox rows not marked sent once every subscriber had mail: the one in flight at the kill, at most. */
  unsettledAtFirstLook: number
  /** Outbox rows not marked sent at the end: must be 0. */
  unsettled: number
}

/**
 * The newsletter's crash run: `count` subscribers and a post marked to be emailed, the built server sending
 * it to a real SMTP server on loopback, a kill -9 of that server once `killAt` of them arrived, a restart,
 * and every message counted as it arrives (recipient and Message-ID, from the envelope and the header).
 */
export async function newsletterCrashRun({ count = 10_000, killAt = 0.4 } = {}): Promise<NewsletterCrashRun> {
  const dir = mkdtempSync(join(tmpdir(), 'newsletter-crash-'))
  const databaseUrl = `file:${join(dir, 'site.db')}`
  const db = await openDatabase({ url: databaseUrl })
  await applyMigrations(db)
  const now = Date.now()
  for (let start = 0; start < count; start += 500)
    await db.insert(subscribers).values(
      Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        email: `fan${start + i}@example.com`,
        state: 'active' as const,
        key: `key-${start + i}`,
        createdAt: new Date(now),
      })),
    )
  await db.insert(posts).values({
    title: 'A post for everyone',
    slug: 'a-post-for-everyone',
    content: '<p>Hello, every one of you.</p>',
    status: 'published',
    publishedAt: new Date(now - 60_000),
    createdAt: new Date(now - 60_000),
    updatedAt: new Date(now - 60_000),
    emailSubscribers: true,
  })
  db.$client.close()

  const received = new Map<string, Set<string>>()
  let deliveries = 0
  const smtpPort = freePort()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let head = ''
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1')
      })
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? 'none'
        for (const to of session.envelope.rcptTo) {
          const ids = received.get(to.address) ?? new Set<string>()
          ids.add(id)
          received.set(to.address, ids)
        }
        deliveries++
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))

  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SITE_URL: 'https://studio.example',
    NEWSLETTER_PER_SECOND: '10000',
    MAIL_CLAIM_SECONDS: '5',
    ADMIN_PASSWORD: 'newsletter crash run password',
  }
  const started = performance.now()
  const until = async (done: () => boolean, what: string, timeoutMs = 180_000) => {
    const deadline = Date.now() + timeoutMs
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: ${deliveries} of ${count} arrived`)
      await Bun.sleep(20)
    }
  }
  try {
    const first = await startServer(env)
    await until(() => deliveries >= count * killAt, 'before the kill')
    first.process.kill('SIGKILL')
    await first.stop()
    const deliveredBeforeKill = deliveries
    const second = await startServer(env)
    await until(() => received.size >= count, 'after the restart')
    const seconds = (performance.now() - started) / 1000
    // A message the SMTP server accepted just as the sender died is still claimed: it goes again once the
    // claim lapses (MAIL_CLAIM_SECONDS), so wait for every row to be settled rather than for every inbox.
    const check = await openDatabase({ url: databaseUrl })
    const unsettledRows = async () =>
      (await check.select({ status: mailOutbox.status }).from(mailOutbox)).filter((row) => row.status !== 'sent').length
    let unsettled = await unsettledRows()
    const unsettledAtFirstLook = unsettled
    // Settled within its claim and a few of the sender's looks, or counted below.
    for (
      const deadline = Date.now() + (Number(env.MAIL_CLAIM_SECONDS) + 5) * 1000;
      unsettled > 0 && Date.now() < deadline;
    ) {
      await Bun.sleep(250)
      unsettled = await unsettledRows()
    }
    await second.stop()
    check.$client.close()
    const counts = [...received.values()].map((ids) => ids.size)
    return {
      subscribers: count,
      deliveries,
      recipients: received.size,
      recipientsWithTwoMessages: counts.filter((n) => n > 1).length,
      resends: deliveries - counts.reduce((sum, n) => sum + n, 0),
      deliveredBeforeKill,
      seconds: Math.round(seconds * 10) / 10,
      messagesPerSecond: Math.round(count / seconds),
      unsettledAtFirstLook,
      unsettled,
    }
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  }
}
