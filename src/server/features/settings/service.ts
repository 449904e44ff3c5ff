import { eq } from 'drizzle-orm'
import { site } from '../../../content/site'
import type { Checked } from '../../../shared/schema-check'
import { applySiteLinks, readSiteLink, SITE_LINK_LABELS, type SiteLinksInput } from '../../../shared/site-link-rules'
import { CONNECT_LINKS, type ConnectKey, type SiteLinks } from '../../../shared/site-links'
import type { ContentVersion } from '../../cache/content-version'
import { rememberedPerVersion } from '../../cache/versioned-reads'
import type { Database } from '../../db/client'
import { appSettings } from '../../db/schema'

const KEY = 'site_links'

/**
 * A stored value read as the rules stand now: a link they still accept is kept, `null` stays hidden, and
 * anything else (a value written by hand, an older shape, a key no longer known) is the default's.
 */
function parse(value: string): SiteLinks {
  let stored: unknown
  try {
    stored = JSON.parse(value)
  } catch {
    return site.defaultLinks
  }
  const record = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>
  const connect = (typeof record.connect === 'object' && record.connect !== null ? record.connect : {}) as Record<
    string,
    unknown
  >
  const kept = (label: string, link: unknown, fallback: string | null) => {
    if (link === null) return null
    const checked = typeof link === 'string' ? readSiteLink(label, link) : null
    return checked?.ok ? checked.value : fallback
  }
  return {
    discordUrl: kept(SITE_LINK_LABELS.discordUrl, record.discordUrl, null),
    connect: Object.fromEntries(
      CONNECT_LINKS.map(({ key, label }) => [
        key,
        Object.hasOwn(connect, key)
          ? kept(label, connect[key], site.defaultLinks.connect[key])
          : site.defaultLinks.connect[key],
      ]),
    ) as Record<ConnectKey, string | null>,
  }
}

/** The labels of the links that differ, in the form's order. */
function differences(before: SiteLinks, after: SiteLinks): string[] {
  return [
    ...(before.discordUrl === after.discordUrl ? [] : [SITE_LINK_LABELS.discordUrl]),
    ...CONNECT_LINKS.filter(({ key }) => before.connect[key] !== after.connect[key]).map(({ label }) => label),
  ]
}

/** The links as stored, or the defaults until the first save. */
async function storedLinks(db: Pick<Database, 'select'>): Promise<SiteLinks> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
  return row ? parse(row.value) : site.defaultLinks
}

/**
 * The Discord invite and the footer's Connect links, as the owner set them, or the defaults until the first
 * save. Every public page shows them, so a change turns the content version over in its own transaction and
 * cached pages show it on the next request, in every process. Reads are remembered per version.
 */
export function createSiteLinksService(db: Database, { content }: { content: ContentVersion }) {
  return {
    get: rememberedPerVersion(content, () => storedLinks(db)),

    /**
     * Applies a change to the links as stored, read and written in one write transaction, so two saves at once
     * each keep the other's links. Nothing is written when nothing differs. The labels of what changed.
     */
    async update(change: SiteLinksInput, now: number): Promise<Checked<{ links: SiteLinks; changed: string[] }>> {
      return content.write(async (tx, changed) => {
        const current = await storedLinks(tx)
        const next = applySiteLinks(current, change)
        if (!next.ok) return next
        const names = differences(current, next.value)
        if (names.length > 0) {
          const value = JSON.stringify(next.value)
          const updatedAt = new Date(now)
          await tx
            .insert(appSettings)
            .values({ key: KEY, value, updatedAt })
            .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } })
          changed()
        }
        return { ok: true, value: { links: next.value, changed: names } }
      })
    },
  }
}

export type SiteLinksService = ReturnType<typeof createSiteLinksService>
