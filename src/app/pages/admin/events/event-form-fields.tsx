import { type ReactNode, useState } from 'react'
import { EVENT_INPUT_LABELS, EVENT_INPUT_LIMITS } from '../../../../shared/event-input'
import { FormField } from '../../../components/form-field'
import { timeZoneChoices, whenItReads } from './event-form-values'
import { type EventFormState, eventFieldId } from './use-event-form'

type TextField = 'title' | 'slug' | 'place' | 'rsvpLabel' | 'rsvpUrl' | 'coverImage'

/** One text control, labelled from the shared rules, with its hint and the rule's message when it fails. */
export function EventTextField({
  form,
  field,
  hint,
  wide,
  inputMode,
}: {
  form: EventFormState
  field: TextField
  hint?: ReactNode
  wide?: boolean
  inputMode?: 'url'
}) {
  return (
    <FormField
      id={eventFieldId(field)}
      label={EVENT_INPUT_LABELS[field]}
      hint={hint}
      error={form.errorFor(field)}
      wide={wide}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={inputMode}
          value={form.values[field]}
          maxLength={EVENT_INPUT_LIMITS[field]}
          required={field === 'title'}
          onChange={(event) => form.set(field, event.target.value)}
        />
      )}
    </FormField>
  )
}

/** Starts and Ends (datetime-local controls, read on the chosen zone's clock), and the zone. */
export function EventTimeFields({ form }: { form: EventFormState }) {
  const { values } = form
  // Every zone the browser knows, and the saved event's own should this browser not know it.
  const [zones] = useState(() => timeZoneChoices(values.timeZone))
  const reads = whenItReads(form.input)
  const time = (field: 'startsAt' | 'endsAt') => (
    <FormField id={eventFieldId(field)} label={EVENT_INPUT_LABELS[field]} error={form.errorFor(field)}>
      {(control) => (
        <input
          {...control}
          type="datetime-local"
          value={values[field]}
          min={field === 'endsAt' && values.startsAt ? values.startsAt : undefined}
          required
          onChange={(event) => form.set(field, event.target.value)}
        />
      )}
    </FormField>
  )
  return (
    <>
      {time('startsAt')}
      {time('endsAt')}
      <FormField
        id={eventFieldId('timeZone')}
        label={EVENT_INPUT_LABELS.timeZone}
        hint={`Starts and Ends are read on this zone's clock, and the page shows them so.${reads ? ` It will say: ${reads}.` : ''}`}
        error={form.errorFor('timeZone')}
        wide
      >
        {(control) => (
          <select {...control} value={values.timeZone} onChange={(event) => form.set('timeZone', event.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  )
}
