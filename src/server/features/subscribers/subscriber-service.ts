import { and, eq, gt, inArray, lt, type SQL } from 'drizzle-orm'
import { site } from '../../../content/site'
import {
  SUBSCRIBE_CONFIRM_DAYS,
  SUBSCRIBE_CONFIRM_MAIL_KIND,
  type SubscriberPreferences,
  subscribeConfirmPath,
  subscriberPreferencesPath,
} from '../../../shared/newsletter'
import { hashSecretToken, newSecretToken } from '../../auth/secret-token'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { subscribers, tags } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { hitRateLimit, prunePassedWindows } from '../../http/rate-limit'
import { deleteMailFor, enqueueMail } from '../../mail/outbox'
import { suppress, unsuppress } from './suppressions'

const DAY_MS = 24 * 60 * 60 * 1000
/** Confirmation emails per address and day, whoever asks: the form cannot be used to flood a stranger's inbox. */
export const SUBSCRIBE_MAILS_PER_ADDRESS = { max: 3, windowMs: DAY_MS }
/** Counted under the address's SHA-256, so the table of counts names nobody. */
const ADDRESS_SCOPE = 'subscribe-address'

export interface SubscriberMail {
  domain: string
  wake(): void
}

export interface SubscriberServiceOptions {
  content: Pick<ContentVersion, 'write'>
  clock?: () => number
  /** Without it no confirmation can be sent, so nobody is stored. */
  mail: SubscriberMail | null
  /** The site's origin, for the links' absolute URLs. */
  origin: () => string
}

/** What is mailed about a subscriber goes when they do (`deleteMailFor`). */
export const subscriberRef = (id: number) => `subscriber:${id}`

/**
 * Takes a subscriber off the list, as they unsubscribe or an editor deletes them: the row and the mail still
 * queued for them go, and their address is kept out of imports. False when there was none.
 */
export async function takeOff(tx: WriteTx, which: SQL, now: number): Promise<boolean> {
  const [row] = await tx.delete(subscribers).where(which).returning({ id: subscribers.id, email: subscribers.email })
  if (!row) return false
  await deleteMailFor(tx, [subscriberRef(row.id)])
  await suppress(tx, row.email, now)
  return true
}
export const subscriberIdOf = (ref: string) => Number(ref.replace(/^subscriber:/, ''))

/**
 * The newsletter's subscribers as they see themselves: subscribe (double opt-in), confirm, choose topics,
 * leave. Nothing here tells a caller whether an address was known.
 */
export function createSubscriberService(
  db: Database,
  { content, clock = Date.now, mail, origin }: SubscriberServiceOptions,
) {
  const link = (path: string) => new URL(path, origin()).href

  /** The slugs among `wanted` that are tags; null when no tag was asked for (every post). */
  async function knownTags(wanted: string[] | null): Promise<string[] | null | 'unknown'> {
    if (!wanted || wanted.length === 0) return null
    const rows = await db.select({ slug: tags.slug }).from(tags).where(inArray(tags.slug, wanted))
    return rows.length === new Set(wanted).size ? rows.map((row) => row.slug).sort() : 'unknown'
  }

  return {
    knownTags,

    /**
     * Sends a confirmation link to a new or unconfirmed address, or a reminder of the preferences link to a
     * subscriber; at most a few emails per address and day. Says nothing either way.
     */
    async subscribe(request: { email: string; name: string; tags: string[] | null }): Promise<void> {
      if (!mail) return
      const now = clock()
      const addressKey = `${ADDRESS_SCOPE}:${hashSecretToken(request.email)}`
      if (!(await hitRateLimit(db, addressKey, SUBSCRIBE_MAILS_PER_ADDRESS, now)).allowed) return
      const token = newSecretToken()
      await content.write(async (tx) => {
        const [known] = await tx.select().from(subscribers).where(eq(subscribers.email, request.email))
        if (known?.state === 'active') {
          await enqueueMail(
            tx,
            {
              ref: subscriberRef(known.id),
              kind: SUBSCRIBE_CONFIRM_MAIL_KIND,
              to: known.email,
              subject: `You are already subscribed to ${site.name}`,
              text: [
                `Someone asked to subscribe this address to ${site.name}'s news. It is subscribed already.`,
                '',
                'Choose what you hear about, or unsubscribe, here:',
                link(subscriberPreferencesPath(known.key)),
              ].join('\n'),
            },
            { now, domain: mail.domain },
          )
          return
        }
        const values = {
          name: request.name,
          tags: request.tags,
          confirmTokenHash: hashSecretToken(token),
          confirmSentAt: new Date(now),
        }
        const [row] = known
          ? await tx.update(subscribers).set(values).where(eq(subscribers.id, known.id)).returning()
          : await tx
              .insert(subscribers)
              .values({ ...values, email: request.email, key: newSecretToken(), createdAt: new Date(now) })
              .returning()
        await enqueueMail(
          tx,
          {
            ref: subscriberRef(row!.id),
            kind: SUBSCRIBE_CONFIRM_MAIL_KIND,
            to: request.email,
            subject: `Confirm your subscription to ${site.name}`,
            text: [
              `Someone, we hope you, asked to get ${site.name}'s news at this address.`,
              '',
              `Confirm it here (the link works once, for ${SUBSCRIBE_CONFIRM_DAYS} days):`,
              link(subscribeConfirmPath(token)),
              '',
              'If it was not you, ignore this email: you will not hear from us again.',
            ].join('\n'),
          },
          { now, domain: mail.domain },
        )
      })
      mail.wake()
    },

    /**
     * Uses a confirmation link: the address is subscribed, and off the unsubscribed list if it was on it (its
     * owner asked again). Its preferences key, or null for a link gone.
     */
    async confirm(token: string): Promise<string | null> {
      const now = clock()
      return content.write(async (tx) => {
        const [row] = await tx
          .update(subscribers)
          .set({ state: 'active', confirmTokenHash: null, confirmedAt: new Date(now) })
          .where(
            and(
              eq(subscribers.confirmTokenHash, hashSecretToken(token)),
              gt(subscribers.confirmSentAt, new Date(now - SUBSCRIBE_CONFIRM_DAYS * DAY_MS)),
            ),
          )
          .returning({ key: subscribers.key, email: subscribers.email })
        if (!row) return null
        await unsuppress(tx, row.email)
        return row.key
      })
    },

    /** A subscriber's own view, by the key in their emails; null for none (never confirmed, or gone). */
    async preferences(key: string): Promise<SubscriberPreferences | null> {
      const [row] = await db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.key, key), eq(subscribers.state, 'active')))
      if (!row) return null
      return {
        email: row.email,
        name: row.name,
        topics: row.tags ? { all: false, tags: row.tags } : { all: true },
        choices: await db.select({ slug: tags.slug, name: tags.name }).from(tags).orderBy(tags.name),
      }
    },

    /** Saves what a subscriber wants to hear about; false when there is no such subscriber. */
    async choose(key: string, chosen: string[] | null): Promise<boolean> {
      const rows = await db
        .update(subscribers)
        .set({ tags: chosen })
        .where(and(eq(subscribers.key, key), eq(subscribers.state, 'active')))
        .returning({ id: subscribers.id })
      return rows.length > 0
    },

    /** Deletes the subscriber and the mail still queued for them; false when there was none. */
    async unsubscribe(key: string): Promise<boolean> {
      return content.write((tx) => takeOff(tx, eq(subscribers.key, key), clock()))
    },

    /** Deletes addresses whose confirmation link ran out unused, and the per-address counts past; how many went. */
    async forgetUnconfirmed(): Promise<number> {
      await prunePassedWindows(db, ADDRESS_SCOPE, SUBSCRIBE_MAILS_PER_ADDRESS.windowMs, clock())
      return content.write(async (tx) => {
        const gone = await tx
          .delete(subscribers)
          .where(
            and(
              eq(subscribers.state, 'pending'),
              lt(subscribers.confirmSentAt, new Date(clock() - SUBSCRIBE_CONFIRM_DAYS * DAY_MS)),
            ),
          )
          .returning({ id: subscribers.id })
        await deleteMailFor(
          tx,
          gone.map((row) => subscriberRef(row.id)),
        )
        return gone.length
      })
    },
  }
}

export type SubscriberService = ReturnType<typeof createSubscriberService>
