import { desc, eq } from 'drizzle-orm'
import { type CheckedEvent, EVENT_INPUT_MESSAGES, validateEventInput } from '../../../shared/event-input'
import type { PromotedEvent } from '../../../shared/event-promotion'
import type { EventSettings } from '../../../shared/event-schema'
import { instantOf, localInputOf } from '../../../shared/event-time'
import { eventWhen } from '../../../shared/event-when'
import {
  eventPath,
  FIRST_EVENT_ID,
  isInviteOnly,
  isPromotable,
  PLACE_TBA,
  type SiteEvent,
} from '../../../shared/events'
import type { Checked } from '../../../shared/schema-check'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS as KEYS, removed } from '../../cache/surrogate-keys'
import { rememberedPerVersion } from '../../cache/versioned-reads'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { events } from '../../db/schema'

type Row = typeof events.$inferSelect
type Refused = { ok: false; status: 400 | 404 | 409; error: string }
export type EventResult<T> = { ok: true; value: T } | Refused

function toSiteEvent(row: Row): SiteEvent {
  const times = { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), timeZone: row.timeZone }
  return { ...row, ...times, updatedAt: row.updatedAt.toISOString(), when: eventWhen(times) }
}

const valuesOf = (event: CheckedEvent, now: number) => ({
  ...event,
  startsAt: new Date(event.startsAt),
  endsAt: new Date(event.endsAt),
  updatedAt: new Date(now),
})

/** The first event in the shape of `/api/event` and `PUT /api/admin/event` from before events were many. */
function asSettings(event: SiteEvent): EventSettings {
  return {
    title: event.title,
    date: localInputOf(Date.parse(event.startsAt), event.timeZone).slice(0, 10),
    location: event.place || PLACE_TBA,
    rsvpLabel: event.rsvpLabel,
    rsvpUrl: event.rsvpUrl,
    description: event.description,
    promoteOnHome: event.promoteOnHome,
  }
}

/**
 * The studio's events. Every change turns the content version over in its own transaction (pages, the home
 * page's promotion and the sitemap show it on the next request, in every process); the list is read once
 * per version, and every public read comes from it (a studio has tens of events, not thousands).
 */
export function createEventService(db: Database, { content }: { content: ContentVersion }) {
  const all = rememberedPerVersion(content, async () =>
    (await db.select().from(events).orderBy(desc(events.startsAt), desc(events.id))).map(toSiteEvent),
  )
  // Worked out once per version: every uncached home page asks for them.
  const promoted = rememberedPerVersion(
    content,
    async (): Promise<PromotedEvent[]> =>
      (await all()).filter(isPromotable).map((event) => ({
        id: event.id,
        title: event.title,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        path: eventPath(event),
        label: isInviteOnly(event) ? 'Invite-only' : 'Next event',
        date: event.when.date,
      })),
  )
  const first = async () => (await all()).find((event) => event.id === FIRST_EVENT_ID) ?? null

  /**
   * A write's answer: the event it wrote, 404 when it found none, 400 when the event made in it broke the
   * rules, 409 when another event has the slug (compared without case, as addresses are).
   */
  async function written(write: () => Promise<Row | Refused | undefined>): Promise<EventResult<SiteEvent>> {
    try {
      const row = await write()
      if (!row) return { ok: false, status: 404, error: EVENT_INPUT_MESSAGES.notFound }
      return 'ok' in row ? row : { ok: true, value: toSiteEvent(row) }
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, status: 409, error: EVENT_INPUT_MESSAGES.slugTaken }
      throw error
    }
  }

  /**
   * Changes an event to what `compose` makes of it as the write finds it: what a request leaves out stays as
   * another administrator may have just set it (decision 0051).
   */
  function update(
    id: number,
    compose: (stored: SiteEvent) => Checked<CheckedEvent>,
    now: number,
  ): Promise<EventResult<SiteEvent>> {
    return written(() =>
      content.write(async (tx, changed): Promise<Row | Refused | undefined> => {
        const [before] = await tx.select().from(events).where(eq(events.id, id))
        if (!before) return undefined
        const event = compose(toSiteEvent(before))
        if (!event.ok) return { ok: false, status: 400, error: event.error }
        const [row] = await tx.update(events).set(valuesOf(event.value, now)).where(eq(events.id, id)).returning()
        // Made unlisted or no longer promoted: a page promoting it is not served from memory in an outage.
        const withdrawn =
          row &&
          ((before.visibility === 'public' && row.visibility !== 'public') ||
            (before.promoteOnHome && !row.promoteOnHome))
        if (row) changed([KEYS.events, KEYS.event(id), ...(withdrawn ? [removed(KEYS.event(id))] : [])])
        return row
      }),
    )
  }

  return {
    list: all,
    first,
    async bySlug(slug: string): Promise<SiteEvent | null> {
      const wanted = slug.toLowerCase()
      return (await all()).find((event) => event.slug.toLowerCase() === wanted) ?? null
    },
    /**
     * The public events the home page may promote, whenever they are: the page picks the next one on the
     * request's clock (nextPromotedEvent), and its cache turns over as events start and end.
     */
    promoted,
    /** The public events for the sitemap. */
    async listed(): Promise<SiteEvent[]> {
      return (await all()).filter((event) => event.visibility === 'public')
    },

    create(event: CheckedEvent, now: number): Promise<EventResult<SiteEvent>> {
      return written(() =>
        content.write(async (tx, changed) => {
          const [row] = await tx.insert(events).values(valuesOf(event, now)).returning()
          changed([KEYS.events, KEYS.event(row!.id)])
          return row
        }),
      )
    },

    update,

    async remove(id: number): Promise<EventResult<SiteEvent>> {
      if (id === FIRST_EVENT_ID) return { ok: false, status: 409, error: EVENT_INPUT_MESSAGES.firstEventKept }
      return written(() =>
        content.write(async (tx, changed) => {
          const [row] = await tx.delete(events).where(eq(events.id, id)).returning()
          if (row) changed([KEYS.events, KEYS.event(id), removed(KEYS.event(id))])
          return row
        }),
      )
    },

    /** `GET /api/event`: the first event as it was read before events were many. */
    async get(): Promise<EventSettings> {
      const event = await first()
      if (!event) throw new Error('The first event (row 1 of events) is missing')
      return asSettings(event)
    },

    /**
     * `PUT /api/admin/event`, kept for the clients written against it: the first event takes the settings,
     * its day as a whole day on its own clock, 'TBA' as a place to be announced.
     */
    async save(settings: EventSettings, now: number): Promise<EventResult<EventSettings>> {
      const [year, month, day] = settings.date.split('-').map(Number) as [number, number, number]
      const following = new Date(Date.UTC(year, month - 1, day + 1))
      const saved = await update(
        FIRST_EVENT_ID,
        (event) => {
          const midnight = (y: number, m: number, d: number) =>
            new Date(instantOf({ year: y, month: m, day: d, hour: 0, minute: 0 }, event.timeZone)).toISOString()
          // The fields the old shape has no word for (visibility, slug, cover, time zone) stay as they are.
          const { id: _id, updatedAt: _updatedAt, when: _when, ...kept } = event
          // Checked by the events' rules too: a day the old rules allow may end past what the form would save.
          return validateEventInput(
            {
              ...kept,
              title: settings.title,
              startsAt: midnight(year, month, day),
              endsAt: midnight(following.getUTCFullYear(), following.getUTCMonth() + 1, following.getUTCDate()),
              place: settings.location === PLACE_TBA ? '' : settings.location,
              rsvpLabel: settings.rsvpLabel,
              rsvpUrl: settings.rsvpUrl,
              description: settings.description,
              promoteOnHome: settings.promoteOnHome,
            },
            event,
          )
        },
        now,
      )
      return saved.ok ? { ok: true, value: asSettings(saved.value) } : saved
    },
  }
}

export type EventService = ReturnType<typeof createEventService>
