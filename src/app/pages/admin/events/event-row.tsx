import { type EventPhase, eventPath, eventPhase, FIRST_EVENT_ID, type SiteEvent } from '../../../../shared/events'

const PHASES: Record<EventPhase, string> = { upcoming: 'Upcoming', live: 'Happening now', ended: 'Ended' }

export type EventAction = 'edit' | 'delete'

/** One event: a table row on wide screens, a card under the phone breakpoint (admin.css). */
export function EventRow({
  event,
  now,
  promoted,
  onAction,
}: {
  event: SiteEvent
  now: number
  /** Whether the home page links to it now. */
  promoted: boolean
  onAction: (event: SiteEvent, action: EventAction) => void
}) {
  const { when } = event
  const phase = eventPhase(event, now)
  const button = (action: EventAction, label: string, danger = false) => (
    <button
      type="button"
      className={`button button--small ${danger ? 'button--danger' : 'button--ghost'}`}
      onClick={() => onAction(event, action)}
      aria-label={`${label} "${event.title}"`}
    >
      {label}
    </button>
  )
  return (
    <tr>
      <th scope="row" className="admin-table__title">
        {event.title}
        <span className="admin-table__when">{eventPath(event)}</span>
      </th>
      <td className="events-table__when">
        {when.date}
        {when.time && <span className="admin-table__when">{when.time}</span>}
      </td>
      <td className="admin-table__date" data-label="Visibility">
        {event.visibility === 'public' ? 'Public' : 'Unlisted'}
        {promoted && <span className="admin-table__when">On the home page now</span>}
      </td>
      <td className="admin-table__status">
        <span className={`status status--event-${phase}`}>{PHASES[phase]}</span>
      </td>
      <td className="admin-table__cell-actions">
        <div className="admin-table__actions">
          <a
            className="button button--small button--ghost"
            href={eventPath(event)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View page of "${event.title}" (opens in a new tab)`}
          >
            View page
          </a>
          {button('edit', 'Edit')}
          {event.id !== FIRST_EVENT_ID && button('delete', 'Delete', true)}
        </div>
      </td>
    </tr>
  )
}
