import { eq } from 'drizzle-orm'
import { site } from '../../../content/site'
import type { Checked } from '../../../shared/schema-check'
import {
  applySiteFacts,
  type FactField,
  READ_FACT,
  SITE_FACT_LABELS,
  type SiteFactsInput,
} from '../../../shared/site-fact-rules'
import { CONNECT_LINKS, type SiteFacts } from '../../../shared/site-facts'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS as KEYS } from '../../cache/surrogate-keys'
import { rememberedPerVersion } from '../../cache/versioned-reads'
import type { Database } from '../../db/client'
import { appSettings } from '../../db/schema'

/** The facts' row in app_settings; its name from when it held only the links. */
const KEY = 'site_links'

const asRecord = (value: unknown) =>
  (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>

/**
 * A stored value read as the rules stand now, fact by fact: one they still accept is kept, and anything else
 * (a value written by hand, an older shape without it, a key no longer known) is the default's. A stored
 * `null` stays: an optional fact cleared, or a required one the rules refuse and so the default's.
 */
function parse(value: string): SiteFacts {
  let stored: Record<string, unknown>
  try {
    stored = asRecord(JSON.parse(value))
  } catch {
    return site.defaultFacts
  }
  const connect = asRecord(stored.connect)
  const kept = (field: FactField, from: Record<string, unknown>, fallback: string | null) => {
    if (!Object.hasOwn(from, field)) return fallback
    const given = from[field]
    if (given !== null && typeof given !== 'string') return fallback
    const checked = READ_FACT[field](SITE_FACT_LABELS[field], given)
    return checked.ok ? checked.value : fallback
  }
  const { connect: defaultConnect, ...defaults } = site.defaultFacts
  return {
    ...(Object.fromEntries(
      Object.entries(defaults).map(([field, fallback]) => [field, kept(field as FactField, stored, fallback)]),
    ) as Omit<SiteFacts, 'connect'>),
    connect: Object.fromEntries(
      CONNECT_LINKS.map(({ key }) => [key, kept(key, connect, defaultConnect[key])]),
    ) as SiteFacts['connect'],
  }
}

/** The facts as stored, or the defaults until the first save. */
async function storedFacts(db: Pick<Database, 'select'>): Promise<SiteFacts> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
  return row ? parse(row.value) : site.defaultFacts
}

/**
 * The studio's facts (contact, store, links, tagline, share image) as the owner set them, or the defaults
 * until the first save. Every public page shows them, so a change turns the content version over in its own
 * transaction and cached pages show it on the next request, in every process. Reads are remembered per version.
 */
export function createSiteFactsService(db: Database, { content }: { content: ContentVersion }) {
  return {
    get: rememberedPerVersion(content, () => storedFacts(db)),

    /**
     * Applies a change to the facts as stored, read and written in one write transaction, so two saves at once
     * each keep the other's. Nothing is written when nothing differs. The labels of what changed.
     */
    async update(change: SiteFactsInput, now: number): Promise<Checked<{ facts: SiteFacts; changed: string[] }>> {
      return content.write(async (tx, changed) => {
        const next = applySiteFacts(await storedFacts(tx), change)
        if (!next.ok || next.value.changed.length === 0) return next
        const value = JSON.stringify(next.value.facts)
        const updatedAt = new Date(now)
        await tx
          .insert(appSettings)
          .values({ key: KEY, value, updatedAt })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } })
        changed([KEYS.site])
        return next
      })
    },
  }
}

export type SiteFactsService = ReturnType<typeof createSiteFactsService>
