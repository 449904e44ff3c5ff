import { eq } from 'drizzle-orm'
import { site } from '../../../content/site'
import type { SiteLinks } from '../../../shared/site-links'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { appSettings } from '../../db/schema'

const KEY = 'site_links'

/** A stored value of an older shape keeps what it has; a link it lacks is the default's. */
function parse(value: string): SiteLinks {
  const stored = JSON.parse(value) as Partial<SiteLinks>
  return {
    discordUrl: stored.discordUrl ?? null,
    connect: { ...site.defaultLinks.connect, ...stored.connect },
  }
}

/**
 * The Discord invite and the footer's Connect links, as the owner set them, or the defaults until the first
 * save. Every public page shows them, so a save turns the content version over in its own transaction and
 * cached pages show it on the next request, in every process. Reads are remembered per version.
 */
export function createSiteLinksService(db: Database, { content }: { content: ContentVersion }) {
  let remembered: { version: string; links: Promise<SiteLinks> } | null = null

  async function read(): Promise<SiteLinks> {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
    return row ? parse(row.value) : site.defaultLinks
  }

  return {
    async get(): Promise<SiteLinks> {
      const version = await content.current()
      if (remembered?.version !== version) {
        const links = read()
        remembered = { version, links }
        links.catch(() => {
          if (remembered?.links === links) remembered = null
        })
      }
      return remembered.links
    },

    async save(links: SiteLinks, now: number): Promise<SiteLinks> {
      await content.write(async (tx, changed) => {
        const value = JSON.stringify(links)
        const updatedAt = new Date(now)
        await tx
          .insert(appSettings)
          .values({ key: KEY, value, updatedAt })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } })
        changed()
      })
      return links
    },
  }
}

export type SiteLinksService = ReturnType<typeof createSiteLinksService>
