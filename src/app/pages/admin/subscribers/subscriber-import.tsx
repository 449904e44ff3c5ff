import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { SubscriberImport } from '../../../../shared/newsletter'
import { errorMessage } from '../../../data/api-request'
import { subscriberWrites } from './subscriber-queries'

/**
 * A CSV of people who asked for the newsletter elsewhere (a sign-up sheet at an event): added as subscribers
 * to every post, once the importer states that every one of them consented.
 */
export function SubscriberImportForm() {
  const id = useId()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [consented, setConsented] = useState(false)
  const send = useMutation({
    mutationFn: (chosen: File) => subscriberWrites.importCsv(chosen),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['subscribers'] }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (file && consented) send.mutate(file)
  }
  return (
    <form className="subscribers-import" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-card__subtitle">
        Import subscribers
      </h3>
      <label className="field">
        <span className="field__label">CSV file (one address a line, or columns named email and name)</span>
        <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={consented} onChange={(e) => setConsented(e.target.checked)} />
        Everyone on this list asked to get our news by email, and I can show when and how they did.
      </label>
      <button
        type="submit"
        className="button button--primary subscribers-import__button"
        disabled={!file || !consented || send.isPending}
      >
        {send.isPending ? 'Importing…' : 'Import'}
      </button>
      <p role="status" className="field__hint">
        {send.isSuccess ? outcomeText(send.data) : ''}
      </p>
      {send.isError && (
        <p role="alert" className="field__error">
          {errorMessage(send.error, 'The import failed.')}
        </p>
      )}
    </form>
  )
}

const outcomeText = ({ added, known, unsubscribed, invalidLines }: SubscriberImport) =>
  `${added} added, ${known} already subscribed${unsubscribed ? `, ${unsubscribed} left out (they unsubscribed)` : ''}${
    invalidLines.length ? `; no address on line ${invalidLines.join(', ')}` : ''
  }.`
