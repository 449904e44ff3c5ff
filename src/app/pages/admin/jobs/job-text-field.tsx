import type { ReactNode } from 'react'
import { FormField } from '../../../components/form-field'
import type { JobFormValues } from './job-form-values'
import { type JobFormState, jobFieldId } from './use-job-form'

type TextField = {
  [K in keyof JobFormValues]: JobFormValues[K] extends string ? K : never
}[keyof JobFormValues]

/** One text control of the job form, labelled, with its hint and the shared rule's message when it fails. */
export function JobTextField({
  form,
  field,
  label,
  hint,
  maxLength,
  required,
  wide,
  type = 'text',
  inputMode,
}: {
  form: JobFormState
  field: TextField
  label: string
  hint?: ReactNode
  maxLength?: number
  required?: boolean
  wide?: boolean
  type?: 'text' | 'date'
  inputMode?: 'decimal'
}) {
  return (
    <FormField id={jobFieldId(field)} label={label} hint={hint} error={form.errorFor(field)} wide={wide}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={inputMode}
          value={form.values[field]}
          maxLength={maxLength}
          required={required}
          onChange={(event) => form.set(field, event.target.value)}
        />
      )}
    </FormField>
  )
}
