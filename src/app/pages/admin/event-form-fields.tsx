import { EVENT_FIELD_LABELS, EVENT_LIMITS, type EventSettings } from '../../../shared/event-schema'
import { FormField } from '../../components/form-field'

type TextField = 'title' | 'location' | 'rsvpLabel' | 'rsvpUrl'

export interface EventFieldsProps {
  values: EventSettings
  errors: Partial<Record<keyof EventSettings, string>>
  set: <K extends keyof EventSettings>(field: K, value: EventSettings[K]) => void
}

/** The event's fields, labelled from the shared rules; an error shows at its field. */
export function EventFields({ values, errors, set }: EventFieldsProps) {
  const text = (field: TextField, type: 'text' | 'url', hint?: string, wide = false) => (
    <FormField id={`event-${field}`} label={EVENT_FIELD_LABELS[field]} hint={hint} error={errors[field]} wide={wide}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={values[field]}
          maxLength={EVENT_LIMITS[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FormField>
  )
  return (
    <div className="post-form__grid">
      {text('title', 'text', undefined, true)}
      <FormField id="event-date" label={EVENT_FIELD_LABELS.date} error={errors.date}>
        {(control) => (
          <input {...control} type="date" value={values.date} onChange={(event) => set('date', event.target.value)} />
        )}
      </FormField>
      {text('location', 'text', "Shown as it is written, for example 'TBA'.")}
      <FormField id="event-description" label={EVENT_FIELD_LABELS.description} error={errors.description} wide>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            maxLength={EVENT_LIMITS.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </FormField>
      {text('rsvpLabel', 'text', 'The text of the button, naming where guests reply.')}
      {text('rsvpUrl', 'url', 'Opens in a new tab.')}
      <div className="field field--wide field--check">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.promoteOnHome}
            onChange={(event) => set('promoteOnHome', event.target.checked)}
            aria-describedby="event-promote-hint"
          />
          {EVENT_FIELD_LABELS.promoteOnHome}
        </label>
        <p id="event-promote-hint" className="field__hint">
          The home page links to the event until its day has passed, then stops by itself.
        </p>
      </div>
    </div>
  )
}
