import type { ReactNode } from 'react'

/** What the control inside a FormField must carry so that its label, hint and error reach screen readers. */
export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/**
 * A labelled form control with an optional hint and error, in the site's `.field` layout. The error is
 * announced when it appears (`alert`) unless the form reports errors another way.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  wide,
  announceError = true,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  wide?: boolean
  announceError?: boolean
  children: (control: FieldControlProps) => ReactNode
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  )
}
