import type { Ref } from 'react'
import { applicationFieldId } from '../../../shared/application-problems'
import { RESUME_FIELD } from '../../../shared/resume-field'
import { RESUME_ACCEPT, RESUME_MESSAGES } from '../../../shared/resume-file'

/** The résumé file input: what it takes, and why the chosen file will not do, said as soon as it is chosen. */
export function ResumeFileField({
  inputRef,
  error,
  onChange,
}: {
  inputRef: Ref<HTMLInputElement>
  error: string | null
  onChange: (file: File | null) => void
}) {
  const id = applicationFieldId('resumeFile')
  return (
    <div className="field field--wide">
      <label htmlFor={id} className="field__label">
        Resume file
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name={RESUME_FIELD}
        accept={RESUME_ACCEPT}
        className="field__file"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {RESUME_MESSAGES.hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
