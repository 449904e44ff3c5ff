/*
 * The home page's promotion, apart from events.ts so the home page's script carries only this: the server
 * sends the promotable events (events.ts, isPromotable) with their address, label and day worked out.
 */

/** An event the home page may promote, as `GET /api/event/promoted` gives it. */
export interface PromotedEvent {
  id: number
  title: string
  startsAt: string
  endsAt: string
  /** Its page. */
  path: string
  /** "Invite-only" or "Next event". */
  label: string
  /** Its day as its page says it. */
  date: string
}

/** The one the home page promotes at `now`: the soonest that is not over. */
export const nextPromotedEvent = <E extends { startsAt: string; endsAt: string }>(
  events: readonly E[],
  now: number,
): E | null =>
  events
    .filter((event) => now < Date.parse(event.endsAt))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0] ?? null
