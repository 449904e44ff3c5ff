/** What is wrong with a field, under its label, read as an error by screen readers; its id is `{fieldId}-error`. */
export function FieldError({ fieldId, error }: { fieldId: string; error?: string }) {
  if (!error) return null
  return (
    <p id={`${fieldId}-error`} className="field__error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  )
}

/** The asterisk of a required field (the form's note says what it means). */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null
}
