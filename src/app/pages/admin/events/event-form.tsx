import { useEffect, useState } from 'react'
import { EVENTS_PATH, FIRST_EVENT_ID, PLACE_TBA, type SiteEvent } from '../../../../shared/events'
import { slugify } from '../../../../shared/slug'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ADMIN_CONFIRMATIONS } from '../admin-messages'
import { EventTextField, EventTimeFields } from './event-form-fields'
import { EventPageFields } from './event-page-fields'
import { eventFieldId, useEventForm } from './use-event-form'

/** Add an event, or edit one: every field of its page, checked with the API's own rules before it is sent. */
export function EventForm({ event, onClose }: { event: SiteEvent | null; onClose: () => void }) {
  const form = useEventForm(event, onClose)
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  // Opened from the list: the keyboard starts at the first field.
  useEffect(() => document.getElementById(eventFieldId('title'))?.focus(), [])
  const slug = form.values.slug.trim() || slugify(form.values.title) || '…'
  return (
    <form className="post-form event-form" onSubmit={form.onSubmit} noValidate aria-labelledby="event-form-title">
      <h2 id="event-form-title" className="admin-section__title">
        {event ? `Edit event: ${event.title}` : 'Add event'}
      </h2>
      <div className="post-form__grid">
        <EventTextField form={form} field="title" wide />
        <EventTextField
          form={form}
          field="slug"
          hint={
            event?.id === FIRST_EVENT_ID
              ? 'The first event keeps its address: it stays /rdc25 whatever its slug.'
              : `Empty: made from the title. The address is ${EVENTS_PATH}/${slug}`
          }
          wide
        />
        <EventTimeFields form={form} />
        <EventTextField form={form} field="place" hint={`Empty: the page shows "${PLACE_TBA}".`} wide />
        <EventPageFields form={form} />
      </div>
      {form.formError && (
        <p className="field__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="post-form__actions">
        <button type="submit" className="button button--primary" disabled={form.saving}>
          {form.saving ? 'Saving...' : event ? 'Save event' : 'Create event'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => (form.dirty ? setConfirmingDiscard(true) : onClose())}
        >
          Cancel
        </button>
      </div>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard unsaved changes?"
        message={ADMIN_CONFIRMATIONS.discardEventChanges}
        confirmLabel="Discard"
        onConfirm={onClose}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </form>
  )
}
