import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { type EventSettings, eventProblem } from '../../../shared/event-schema'
import { PAGES } from '../../../shared/paths'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { useToast } from '../../components/toast/toaster'
import { useAppData } from '../../data/app-data'
import { eventQueries } from '../../data/event-queries'
import { ADMIN_TOASTS } from './admin-messages'
import { adminWrites } from './admin-queries'
import { EventFields } from './event-form-fields'
import { LoadError } from './load-error'

/** The form, started from the event as it is saved; checked with the API's own rules before it is sent. */
function EventForm({ saved }: { saved: EventSettings }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [values, setValues] = useState(saved)
  const [errors, setErrors] = useState<Partial<Record<keyof EventSettings, string>>>({})
  const save = useMutation({
    mutationFn: adminWrites.saveEvent,
    onSuccess: (event) => {
      setValues(event)
      void queryClient.invalidateQueries({ queryKey: eventQueries.all })
      toast(ADMIN_TOASTS.eventSaved)
    },
    onError: (failure) => toast(ADMIN_TOASTS.eventSaveFailed(failure)),
  })
  const set = <K extends keyof EventSettings>(field: K, value: EventSettings[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = eventProblem(values)
    if (problem) {
      if (problem.field) setErrors({ [problem.field]: problem.error })
      else toast(ADMIN_TOASTS.eventSaveFailed(new Error(problem.error)))
      return
    }
    save.mutate(values)
  }
  return (
    <form className="post-form" onSubmit={onSubmit} noValidate>
      <EventFields values={values} errors={errors} set={set} />
      <div className="post-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving Event...' : 'Save Event'}
        </button>
        <a className="button button--ghost" href={PAGES.event} target="_blank" rel="noopener noreferrer">
          View Event Page<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </form>
  )
}

/** 'Event': the party the event page shows and the home page promotes. */
export function EventPanel() {
  const event = useQuery(eventQueries.current(useAppData()))
  return (
    <section className="admin-section" aria-labelledby="event-panel-title">
      <h2 id="event-panel-title" className="admin-section__title">
        Event
      </h2>
      <p className="admin-section__intro">What the event page ({PAGES.event}) shows and the home page promotes.</p>
      {event.isPending ? (
        <LoadingSkeleton label="Loading the event..." lines={4} />
      ) : event.isError ? (
        <LoadError
          title="Error loading the event"
          message="There was a problem loading the event. Please try again."
          onRetry={() => void event.refetch()}
        />
      ) : (
        <EventForm saved={event.data} />
      )}
    </section>
  )
}
