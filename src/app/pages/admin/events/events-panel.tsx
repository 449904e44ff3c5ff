import { useEffect, useRef, useState } from 'react'
import type { SiteEvent } from '../../../../shared/events'
import { EventForm } from './event-form'
import { EventsTable } from './events-table'

/** The Events tab: the list, or the form for a new event or the one being edited. */
export function EventsPanel() {
  const [editing, setEditing] = useState<SiteEvent | 'new' | null>(null)
  const addEvent = useRef<HTMLButtonElement>(null)
  const returning = useRef(false)
  // Back from the form, the keyboard continues where the list starts.
  useEffect(() => {
    if (editing !== null || !returning.current) return
    returning.current = false
    addEvent.current?.focus()
  }, [editing])
  const close = () => {
    returning.current = true
    setEditing(null)
  }
  if (editing !== null)
    return (
      <EventForm
        key={editing === 'new' ? 'new' : editing.id}
        event={editing === 'new' ? null : editing}
        onClose={close}
      />
    )
  return (
    <section className="admin-section" aria-labelledby="events-title">
      <div className="events-admin__head">
        <h2 id="events-title" className="admin-section__title">
          Events
        </h2>
        <button ref={addEvent} type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Add event
        </button>
      </div>
      <p className="admin-section__intro">
        Each event has its own page; the home page promotes the next public one that allows it.
      </p>
      <EventsTable onEdit={setEditing} />
    </section>
  )
}
