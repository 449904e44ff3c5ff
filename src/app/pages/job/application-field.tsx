import { useId } from 'react'
import { APPLICATION_FIELDS, type ApplicationField, withWebScheme } from '../../../shared/application-rules'
import { countState, limitAnnouncement, remainingText } from './character-count'

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
  invalid?: boolean
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
  invalid,
}: ApplicationFieldProps) {
  const id = `${useId()}-${name}`
  const rule = APPLICATION_FIELDS[name]
  const state = counting ? countState(value.length, rule.max) : 'ok'
  const common = {
    id,
    name,
    required: rule.required,
    value,
    placeholder,
    autoComplete,
    'aria-invalid': invalid || state === 'over' || undefined,
    'aria-describedby': `${id}-count`,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    // A web address typed without https:// gets it once the field is left, where the applicant sees it.
    ...(type === 'url' ? { onBlur: () => onChange(name, withWebScheme(value)) } : {}),
  }
  return (
    <div className={`field${multiline ? ' field--wide' : ''}`}>
      <label htmlFor={id} className="field__label">
        {rule.label}
        {rule.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {multiline ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      <span id={`${id}-count`} className={`field__count field__count--${state}`}>
        {counting ? remainingText(value.length, rule.max) : `Up to ${rule.max} characters`}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {counting ? limitAnnouncement(value.length, rule.max) : ''}
      </span>
    </div>
  )
}
