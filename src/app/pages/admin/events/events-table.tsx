import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { nextPromotedEvent } from '../../../../shared/event-promotion'
import { isPromotable, type SiteEvent } from '../../../../shared/events'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { adminEventQueries, eventWrites, refreshEvents } from './admin-event-queries'
import { type EventAction, EventRow } from './event-row'

/** Every event with when it is, who may find it and whether it is over; edit, or delete after a confirmation. */
export function EventsTable({ onEdit }: { onEdit: (event: SiteEvent) => void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const events = useQuery(adminEventQueries.list())
  const [pendingDelete, setPendingDelete] = useState<SiteEvent | null>(null)
  const remove = useMutation({
    mutationFn: (event: SiteEvent) => eventWrites.remove(event.id),
    onSuccess: (_, event) => toast(ADMIN_TOASTS.eventDeleted(event.title)),
    onError: (error) => toast(ADMIN_TOASTS.eventDeleteFailed(error)),
    onSettled: () => {
      setPendingDelete(null)
      return refreshEvents(queryClient)
    },
  })

  if (events.isPending) return <LoadingSkeleton label="Loading events..." lines={4} />
  if (events.isError)
    return (
      <LoadError
        title="Error loading events"
        message="There was a problem loading the events. Please try again."
        onRetry={() => void events.refetch()}
      />
    )
  if (events.data.length === 0)
    return <p className="admin-status">No events yet. Add the first one with "Add event".</p>
  const now = Date.now()
  const promoted = nextPromotedEvent(events.data.filter(isPromotable), now)
  const act = (event: SiteEvent, action: EventAction) => (action === 'edit' ? onEdit(event) : setPendingDelete(event))

  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards events-table">
          <caption className="visually-hidden">All events, the latest start first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">When</th>
              <th scope="col">Visibility</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {events.data.map((event) => (
              <EventRow key={event.id} event={event} now={now} promoted={event.id === promoted?.id} onAction={act} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete event"
        message={ADMIN_CONFIRMATIONS.deleteEvent(pendingDelete?.title ?? '')}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  )
}
