import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../shared/admin-security'
import { FormField } from '../../components/form-field'

export interface NewPassword {
  password: string
  confirmation: string
}

/** A new password typed twice, the rule beside it and the problem (newPasswordProblem's) under it. */
export function NewPasswordFields({
  idPrefix,
  labels,
  values,
  error,
  onChange,
}: {
  idPrefix: string
  labels: [password: string, again: string]
  values: NewPassword
  error?: string | null
  onChange: (field: keyof NewPassword, value: string) => void
}) {
  return (['password', 'confirmation'] as const).map((field) => (
    <FormField
      key={field}
      id={`${idPrefix}-${field}`}
      label={field === 'password' ? labels[0] : labels[1]}
      hint={field === 'password' ? `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters.` : undefined}
      error={field === 'password' ? error : undefined}
    >
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete="new-password"
          value={values[field]}
          onChange={(e) => onChange(field, e.target.value)}
        />
      )}
    </FormField>
  ))
}
