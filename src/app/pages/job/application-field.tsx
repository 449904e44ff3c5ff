import type { ReactNode } from 'react'
import { applicationFieldId } from '../../../shared/application-problems'
import { APPLICATION_FIELDS, type ApplicationField, withWebScheme } from '../../../shared/application-rules'
import { countState, limitAnnouncement, remainingText } from './character-count'
import { FieldError, RequiredMark } from './field-marks'

export interface ApplicationFieldProps {
  name: ApplicationField
  value: string
  onChange: (name: ApplicationField, value: string) => void
  /** Once scripts run the counter counts; before (and without them) it states the limit. */
  counting: boolean
  type?: 'text' | 'email' | 'tel' | 'url'
  multiline?: boolean
  autoComplete?: string
  placeholder?: string
  /** What is wrong with it, said under the label (and listed at the top of the form). */
  error?: string
  /** The whole width of the form. */
  wide?: boolean
  /** Told the value when the field is left (after a web address is completed). */
  onLeave?: (value: string) => void
  /** Said under the field, after its counter: the e-mail's typo suggestion. */
  children?: ReactNode
}

/**
 * One field of the application form with its character counter. No `maxLength`: text past the limit
 * is kept and shown as over it, and the form refuses it with a message, instead of cutting it silently.
 */
export function ApplicationFieldInput({
  name,
  value,
  onChange,
  counting,
  type = 'text',
  multiline,
  autoComplete,
  placeholder,
  error,
  wide,
  onLeave,
  children,
}: ApplicationFieldProps) {
  // A fixed id (one form per page): the list of problems links to it, also in the page sent without scripts.
  const id = applicationFieldId(name)
  const rule = APPLICATION_FIELDS[name]
  const state = counting ? countState(value.length, rule.max) : 'ok'
  const common = {
    id,
    name,
    required: rule.required,
    value,
    placeholder,
    autoComplete,
    'aria-invalid': Boolean(error) || state === 'over' || undefined,
    'aria-describedby': `${error ? `${id}-error ` : ''}${id}-count`,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    onBlur: () => {
      // A web address typed without https:// gets it once the field is left, where the applicant sees it.
      const left = type === 'url' ? withWebScheme(value) : value
      if (left !== value) onChange(name, left)
      onLeave?.(left)
    },
  }
  return (
    <div className={`field${multiline || wide ? ' field--wide' : ''}`}>
      <label htmlFor={id} className="field__label">
        {rule.label}
        <RequiredMark required={rule.required} />
      </label>
      <FieldError fieldId={id} error={error} />
      {multiline ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      <span id={`${id}-count`} className={`field__count field__count--${state}`}>
        {counting ? remainingText(value.length, rule.max) : `Up to ${rule.max} characters`}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {counting ? limitAnnouncement(value.length, rule.max) : ''}
      </span>
      {children}
    </div>
  )
}
