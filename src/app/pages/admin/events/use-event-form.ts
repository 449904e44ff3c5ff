import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { type EventInput, eventInputProblem } from '../../../../shared/event-input'
import type { SiteEvent } from '../../../../shared/events'
import type { FieldProblem } from '../../../../shared/schema-messages'
import { useToast } from '../../../components/toast/toaster'
import { ApiError, errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { eventWrites, refreshEvents } from './admin-event-queries'
import { browserTimeZone, type EventFormValues, eventFormValues, eventInputOf } from './event-form-values'

type EventField = keyof EventInput

/** The id of a field's control (the visibility's is its fieldset). */
export const eventFieldId = (field: EventField) => `event-${field}`

/** Puts the keyboard on the field a message is about, so the fix starts where the message is read. */
function focusField(field: EventField) {
  const element = document.getElementById(eventFieldId(field))
  const target = element instanceof HTMLFieldSetElement ? element.querySelector<HTMLElement>('input:checked') : element
  target?.focus()
}

/** The server's refusal as a field's problem: 409 is the one thing the rules cannot know, a slug another event took. */
const serverProblemOf = (error: unknown): FieldProblem<EventField> => ({
  field: error instanceof ApiError && error.status === 409 ? 'slug' : null,
  error: errorMessage(error, 'The event could not be saved. Please try again.'),
})

/**
 * The state of the event form: values, the shared rules (shown from the first submit on, beside their
 * field), saving, and whether anything changed since it opened.
 */
export function useEventForm(event: SiteEvent | null, onDone: () => void) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [initial] = useState(() => eventFormValues(event, browserTimeZone()))
  const [values, setValues] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [serverProblem, setServerProblem] = useState<FieldProblem<EventField> | null>(null)
  const input = eventInputOf(values)
  const problem = (submitted ? eventInputProblem(input) : null) ?? serverProblem
  // After the render that shows the message, so the field is read with it.
  const [focusRequest, setFocusRequest] = useState<{ field: EventField } | null>(null)
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field)
  }, [focusRequest])

  const save = useMutation({
    mutationFn: (sent: EventInput) => eventWrites.save(sent, event?.id),
    onSuccess: (saved) => {
      toast(event ? ADMIN_TOASTS.eventSaved(saved.title) : ADMIN_TOASTS.eventCreated(saved.title))
      void refreshEvents(queryClient)
      onDone()
    },
    onError: (error) => {
      const refused = serverProblemOf(error)
      setServerProblem(refused)
      if (refused.field) setFocusRequest({ field: refused.field })
      toast(ADMIN_TOASTS.eventSaveFailed(error))
      // Deleted or changed by someone else meanwhile: the list shows what is there now.
      void refreshEvents(queryClient)
    },
  })

  function set<K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) {
    setServerProblem(null)
    setValues((current) => ({ ...current, [key]: value }))
  }

  return {
    values,
    /** The times as the API reads them, for the form to say back when the event is. */
    input,
    set,
    errorFor: (field: EventField) => (problem?.field === field ? problem.error : undefined),
    /** A problem no single field holds (a server that could not be reached, say). */
    formError: problem && !problem.field ? problem.error : null,
    dirty: JSON.stringify(values) !== JSON.stringify(initial),
    saving: save.isPending,
    onSubmit(submit: FormEvent) {
      submit.preventDefault()
      setSubmitted(true)
      setServerProblem(null)
      const found = eventInputProblem(input)
      if (found) {
        if (found.field) setFocusRequest({ field: found.field })
        return
      }
      save.mutate(input)
    },
  }
}

export type EventFormState = ReturnType<typeof useEventForm>
