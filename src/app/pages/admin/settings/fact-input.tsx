import { type FactField, SITE_FACT_LABELS } from '../../../../shared/site-fact-rules'
import { FormField } from '../../../components/form-field'
import type { FactInputSpec } from './site-facts-fields'

/** One of the studio's details as a labelled input, with its hint and the error the shared rules gave. */
export function FactInput({
  id,
  spec: { field, hint, type, maxLength },
  value,
  error,
  onChange,
}: {
  id: string
  spec: FactInputSpec
  value: string
  error?: string
  onChange: (field: FactField, value: string) => void
}) {
  return (
    <FormField id={id} label={SITE_FACT_LABELS[field]} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={type === 'text' ? undefined : type}
          // The studio's public details, not the person's own: the browser must not fill those in.
          autoComplete="off"
          placeholder={type === 'url' ? 'https://' : undefined}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </FormField>
  )
}
