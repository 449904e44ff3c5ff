import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationUpdate,
  isApplicationStatus,
  NOTE_MAX_LENGTH,
} from '../../../../shared/application-pipeline'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { applicationWrites, refreshApplications } from '../admin-queries'
import { ApplicationStatusOptions } from './status-options'

/** The recruiter's side: move the application to another status and/or add a dated note, then its history. */
export function ApplicationReview({ application }: { application: ApplicationDetail }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<ApplicationStatus>(application.status)
  const [note, setNote] = useState('')
  const save = useMutation({
    mutationFn: (update: ApplicationUpdate) => applicationWrites.update(application.id, update),
    onSuccess: (updated) => {
      setNote('')
      setStatus(updated.status)
      toast(ADMIN_TOASTS.applicationSaved(updated.reference))
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.applicationSaveFailed(error)),
  })
  const update: ApplicationUpdate = {
    ...(status !== application.status ? { status } : {}),
    ...(note.trim() ? { note } : {}),
  }
  const changed = Object.keys(update).length > 0
  return (
    <section className="application-review" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="application-review__title">
        Pipeline
      </h4>
      <form
        className="application-review__form"
        onSubmit={(event) => {
          event.preventDefault()
          if (changed) save.mutate(update)
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-status`} className="field__label">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => isApplicationStatus(event.target.value) && setStatus(event.target.value)}
          >
            <ApplicationStatusOptions />
          </select>
        </div>
        <div className="field field--wide">
          <label htmlFor={`${id}-note`} className="field__label">
            Add a note
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            value={note}
            aria-describedby={`${id}-note-hint`}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${id}-note-hint`} className="field__hint">
            {`Only the hiring team sees notes. ${note.length} / ${NOTE_MAX_LENGTH}`}
          </p>
        </div>
        <button type="submit" className="button button--primary" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </form>
      {application.notes.length > 0 && (
        <ol className="application-history" aria-label="History">
          {application.notes.map((entry) => (
            <li key={entry.id} className={`application-history__entry application-history__entry--${entry.kind}`}>
              <p className="application-history__meta">
                {entry.author && <span className="application-history__author">{entry.author}</span>}
                {entry.author && ' · '}
                <time dateTime={entry.createdAt}>{formatDisplayDateTime(entry.createdAt)}</time>
              </p>
              <p className="application-detail__text">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
