import { EVENT_INPUT_LABELS, EVENT_INPUT_LIMITS, EVENT_VISIBILITIES } from '../../../../shared/event-input'
import type { EventVisibility } from '../../../../shared/events'
import { FormField } from '../../../components/form-field'
import { EventTextField } from './event-form-fields'
import { type EventFormState, eventFieldId } from './use-event-form'

const VISIBILITY_TEXT: Record<EventVisibility, string> = {
  public: 'Public: listed, in the sitemap, may be promoted',
  unlisted: 'Unlisted: only people with the link (not indexed)',
}

/** Public or unlisted, as radio buttons under one legend; the rule's message (if any) beside them. */
function VisibilityField({ form }: { form: EventFormState }) {
  const id = eventFieldId('visibility')
  const error = form.errorFor('visibility')
  return (
    <fieldset id={id} className="event-form__choices field--wide" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{EVENT_INPUT_LABELS.visibility}</legend>
      {EVENT_VISIBILITIES.map((visibility) => (
        <label key={visibility} className="checkbox">
          <input
            type="radio"
            name={id}
            value={visibility}
            checked={form.values.visibility === visibility}
            onChange={() => form.set('visibility', visibility)}
          />
          {VISIBILITY_TEXT[visibility]}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** What the event's page says besides its times: description, RSVP button, cover, and who may find it. */
export function EventPageFields({ form }: { form: EventFormState }) {
  const { values } = form
  const promote = eventFieldId('promoteOnHome')
  return (
    <>
      <FormField
        id={eventFieldId('description')}
        label={EVENT_INPUT_LABELS.description}
        error={form.errorFor('description')}
        wide
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            maxLength={EVENT_INPUT_LIMITS.description}
            onChange={(event) => form.set('description', event.target.value)}
          />
        )}
      </FormField>
      <EventTextField form={form} field="rsvpLabel" hint="The text of the button, naming where guests reply." />
      <EventTextField form={form} field="rsvpUrl" hint="Opens in a new tab. Empty: no button." inputMode="url" />
      <EventTextField
        form={form}
        field="coverImage"
        hint="An https address or a path on this site such as /media/…. Empty: the bundled party picture."
        inputMode="url"
        wide
      />
      <VisibilityField form={form} />
      <div className="field field--wide">
        <label className="checkbox">
          <input
            id={promote}
            type="checkbox"
            checked={values.promoteOnHome}
            onChange={(event) => form.set('promoteOnHome', event.target.checked)}
            aria-describedby={`${promote}-hint`}
          />
          {EVENT_INPUT_LABELS.promoteOnHome}
        </label>
        <p id={`${promote}-hint`} className="field__hint">
          While it is the next public event, the home page links to it; it stops by itself once the event ends.
        </p>
      </div>
    </>
  )
}
