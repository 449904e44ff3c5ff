import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { SiteSettings } from '../../../../shared/settings-schema'
import { readSiteLink, SITE_LINK_LABELS, type SiteLinksInput } from '../../../../shared/site-link-rules'
import { CONNECT_LINKS, type SiteLinks } from '../../../../shared/site-links'
import { FormField } from '../../../components/form-field'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { webhookQueries, webhookWrites } from '../webhooks/webhook-queries'

type LinkField = keyof typeof SITE_LINK_LABELS
const FIELDS: { field: LinkField; hint: string }[] = [
  { field: 'discordUrl', hint: 'Shown in the footer and at the end of every post. Empty: no Discord link.' },
  ...CONNECT_LINKS.map(({ key }) => ({ field: key, hint: 'Empty: not shown in the footer.' })),
]

const valuesOf = (links: SiteLinks): Record<LinkField, string> => ({
  discordUrl: links.discordUrl ?? '',
  ...(Object.fromEntries(CONNECT_LINKS.map(({ key }) => [key, links.connect[key] ?? ''])) as Record<
    Exclude<LinkField, 'discordUrl'>,
    string
  >),
})

/** The links form, started from the saved links and checked with the API's own rules before it is sent. */
function SiteLinksForm({ saved }: { saved: SiteSettings }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(() => valuesOf(saved))
  const [errors, setErrors] = useState<Partial<Record<LinkField, string>>>({})
  const save = useMutation({
    mutationFn: (change: SiteLinksInput) => webhookWrites.setSettings(change),
    onSuccess: (settings) => {
      setValues(valuesOf(settings))
      queryClient.setQueryData(webhookQueries.settings().queryKey, settings)
      toast(ADMIN_TOASTS.siteLinksSaved)
    },
    onError: (failure) => toast(ADMIN_TOASTS.webhookFailed(failure)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = Object.fromEntries(
      FIELDS.flatMap(({ field }) => {
        const checked = readSiteLink(SITE_LINK_LABELS[field], values[field])
        return checked.ok ? [] : [[field, checked.error]]
      }),
    ) as Partial<Record<LinkField, string>>
    setErrors(found)
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus()
      return
    }
    // Only what the owner changed is sent: the rest stays as stored, whoever else saved meanwhile.
    const before = valuesOf(saved)
    const edited = FIELDS.map(({ field }) => field).filter((field) => values[field].trim() !== before[field])
    if (edited.length === 0) {
      toast(ADMIN_TOASTS.siteLinksUnchanged)
      return
    }
    const change: SiteLinksInput = {}
    for (const field of edited) {
      if (field === 'discordUrl') change.discordUrl = values[field]
      else change.connect = { ...change.connect, [field]: values[field] }
    }
    save.mutate(change)
  }
  return (
    <form className="site-links-form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-title`} className="admin-card__subtitle">
        Links
      </h2>
      {FIELDS.map(({ field, hint }) => (
        <FormField key={field} id={`${id}-${field}`} label={SITE_LINK_LABELS[field]} hint={hint} error={errors[field]}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              value={values[field]}
              onChange={(event) => {
                const value = event.target.value
                setValues((current) => ({ ...current, [field]: value }))
                setErrors((current) => ({ ...current, [field]: undefined }))
              }}
            />
          )}
        </FormField>
      ))}
      <div className="site-links-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving Links...' : 'Save Links'}
        </button>
      </div>
    </form>
  )
}

/** 'Settings': the Discord invite and the footer's Connect links, live on every page once saved. */
export function SiteLinksPanel() {
  const settings = useQuery(webhookQueries.settings())
  if (settings.isPending) return <LoadingSkeleton label="Loading the settings..." lines={5} />
  if (settings.isError) return <LoadError title="Error loading the settings" onRetry={() => void settings.refetch()} />
  return (
    <section className="admin-card admin-card--flat webhooks-panel">
      <SiteLinksForm saved={settings.data} />
    </section>
  )
}
