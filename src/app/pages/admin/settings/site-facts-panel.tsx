import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { SiteSettings } from '../../../../shared/settings-schema'
import { type FactField, factFields, type SiteFactsInput } from '../../../../shared/site-fact-rules'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { webhookQueries, webhookWrites } from '../webhooks/webhook-queries'
import { FactInput } from './fact-input'
import { FACT_GROUPS, factChange, factProblems } from './site-facts-fields'

/** The site form, started from the saved facts and checked with the API's own rules before it is sent. */
function SiteFactsForm({ saved }: { saved: SiteSettings }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(() => factFields(saved))
  const [errors, setErrors] = useState<Partial<Record<FactField, string>>>({})
  const save = useMutation({
    mutationFn: (change: SiteFactsInput) => webhookWrites.setSettings(change),
    onSuccess: (settings) => {
      setValues(factFields(settings))
      queryClient.setQueryData(webhookQueries.settings().queryKey, settings)
      toast(ADMIN_TOASTS.siteFactsSaved)
    },
    onError: (failure) => toast(ADMIN_TOASTS.webhookFailed(failure)),
  })
  const change = (field: FactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = factProblems(values)
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    const change = factChange(values, factFields(saved))
    if (change) save.mutate(change)
    else toast(ADMIN_TOASTS.siteFactsUnchanged)
  }
  return (
    <form className="site-facts-form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-title`} className="admin-card__subtitle">
        Site details
      </h2>
      {FACT_GROUPS.map(({ legend, fields }) => (
        <fieldset key={legend} className="site-facts-form__group">
          <legend className="site-facts-form__legend">{legend}</legend>
          {fields.map((spec) => (
            <FactInput
              key={spec.field}
              id={`${id}-${spec.field}`}
              spec={spec}
              value={values[spec.field]}
              error={errors[spec.field]}
              onChange={change}
            />
          ))}
        </fieldset>
      ))}
      <div className="site-facts-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Site Details'}
        </button>
      </div>
    </form>
  )
}

/** 'Settings': the studio's contact, store, tagline, share image and links, live on every page once saved. */
export function SiteFactsPanel() {
  const settings = useQuery(webhookQueries.settings())
  if (settings.isPending) return <LoadingSkeleton label="Loading the settings..." lines={5} />
  if (settings.isError) return <LoadError title="Error loading the settings" onRetry={() => void settings.refetch()} />
  return (
    <section className="admin-card admin-card--flat webhooks-panel">
      <SiteFactsForm saved={settings.data} />
    </section>
  )
}
