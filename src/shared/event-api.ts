/**
 * The events' public reads: one event by its slug, the first (at /rdc25), those the home page may promote.
 * Apart from events.ts: the browser's data interface, in every page's entry script, names these.
 */
export const EVENT_API = {
  bySlug: (slug: string) => `/api/events/${encodeURIComponent(slug)}`,
  first: '/api/event/first',
  promoted: '/api/event/promoted',
}
