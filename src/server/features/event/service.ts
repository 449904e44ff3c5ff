import { eq } from 'drizzle-orm'
import { defaultEvent } from '../../../content/event'
import type { EventSettings } from '../../../shared/event'
import type { ContentVersion } from '../../cache/content-version'
import { rememberedPerVersion } from '../../cache/versioned-reads'
import type { Database } from '../../db/client'
import { siteEvent } from '../../db/schema'

const ROW_ID = 1

/**
 * The event as the administrator set it, or the spec's until the first save. A save changes what the
 * public sees (the event page, the home page's promotion), so it turns the content version over in its
 * own transaction and cached pages show it on the next request. Reads are remembered per version.
 */
export function createEventService(db: Database, { content }: { content: ContentVersion }) {
  async function read(): Promise<EventSettings> {
    const [row] = await db.select().from(siteEvent).where(eq(siteEvent.id, ROW_ID))
    if (!row) return defaultEvent
    const { id: _id, updatedAt: _updatedAt, ...event } = row
    return event
  }

  return {
    get: rememberedPerVersion(content, read),

    async save(event: EventSettings, now: number): Promise<EventSettings> {
      await content.write(async (tx, changed) => {
        const values = { ...event, updatedAt: new Date(now) }
        await tx
          .insert(siteEvent)
          .values({ id: ROW_ID, ...values })
          .onConflictDoUpdate({ target: siteEvent.id, set: values })
        changed()
      })
      return event
    },
  }
}

export type EventService = ReturnType<typeof createEventService>
