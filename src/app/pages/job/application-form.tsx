import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  type ApplicationField,
  HONEYPOT_FIELD,
  missingRequiredFields,
} from '../../../shared/application-rules'
import type { Job } from '../../../shared/jobs'
import { jobPath } from '../../../shared/paths'
import { useToast } from '../../components/toast/toaster'
import { useApplicationSubmit } from './use-application-submit'

type Values = Record<ApplicationField, string>
const EMPTY: Values = Object.fromEntries(Object.keys(APPLICATION_FIELDS).map((f) => [f, ''])) as Values

interface FieldProps {
  name: ApplicationField
  values: Values
  onChange: (name: ApplicationField, value: string) => void
  type?: 'text' | 'email' | 'tel' | 'url'
  multiline?: boolean
  autoComplete?: string
  placeholder?: string
  invalid?: boolean
}

function Field({ name, values, onChange, type = 'text', multiline, autoComplete, placeholder, invalid }: FieldProps) {
  const id = `${useId()}-${name}`
  const rule = APPLICATION_FIELDS[name]
  const common = {
    id,
    name,
    maxLength: rule.max,
    required: rule.required,
    value: values[name],
    placeholder,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-describedby': multiline ? `${id}-count` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
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
      {multiline && (
        <p id={`${id}-count`} className="field__count">
          {`${values[name].length} / ${rule.max}`}
        </p>
      )}
    </div>
  )
}

export interface FormOutcome {
  ok: boolean
  message: string
  values?: Partial<Values>
}

/**
 * The application form. With JavaScript it posts JSON to /api/job-applications and reports with toasts;
 * without, it is an ordinary form post to this page, whose action stores it and says what happened.
 */
export function ApplicationForm({ job, outcome }: { job: Job; outcome?: FormOutcome }) {
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>({ ...EMPTY, ...(outcome?.ok ? {} : outcome?.values) })
  const [invalid, setInvalid] = useState<ApplicationField[]>([])

  // Once scripts run, the form checks itself (toasts); without them the browser's own checks apply.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true
  }, [])

  const submit = useApplicationSubmit(() => {
    setValues(EMPTY)
    setInvalid([])
  })

  const onChange = (name: ApplicationField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setInvalid((current) => current.filter((field) => field !== name))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submit.busy()) return
    const missing = missingRequiredFields(values)
    if (missing.length > 0) {
      setInvalid(missing)
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus()
      toast({
        title: APPLICATION_MESSAGES.missingTitle,
        description: APPLICATION_MESSAGES.missingDescription,
        variant: 'destructive',
      })
      return
    }
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD)
    submit.send({ jobId: job.id, jobTitle: job.title, ...values, [HONEYPOT_FIELD]: honeypot ?? '' })
  }

  const field = (name: ApplicationField, extra: Omit<FieldProps, 'name' | 'values' | 'onChange'> = {}) => (
    <Field name={name} values={values} onChange={onChange} invalid={invalid.includes(name)} {...extra} />
  )

  return (
    <form
      ref={formRef}
      className="application-form"
      method="post"
      action={jobPath(job.slug)}
      onSubmit={onSubmit}
      aria-labelledby="apply-title"
    >
      <h2 id="apply-title" className="application-form__title">
        Apply for This Position
      </h2>
      {outcome && (
        <p className={`form-outcome${outcome.ok ? '' : ' form-outcome--error'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
      <div className="application-form__trap" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {field('fullName', { autoComplete: 'name' })}
      {field('email', { type: 'email', autoComplete: 'email' })}
      {field('phone', { type: 'tel', autoComplete: 'tel' })}
      {field('location', { autoComplete: 'address-level2', placeholder: 'City, country' })}
      {field('portfolioUrl', { type: 'url', placeholder: 'https://' })}
      {field('linkedinUrl', { type: 'url', placeholder: 'https://' })}
      {field('githubUrl', { type: 'url', placeholder: 'https://' })}
      {field('experience', { placeholder: 'e.g. 5 years in live games' })}
      {field('availability', { placeholder: 'e.g. Two weeks' })}
      {field('coverLetter', { multiline: true })}
      {field('resumeText', { multiline: true, placeholder: 'Paste your resume or a summary of your experience' })}
      <button type="submit" className="button button--primary application-form__submit" disabled={submit.isPending}>
        {submit.isPending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Submitting...
          </>
        ) : (
          'Submit Application'
        )}
      </button>
      <p className="application-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
    </form>
  )
}
