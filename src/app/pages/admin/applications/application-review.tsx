import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationDetail,
  type ApplicationStatus,
  isApplicationStatus,
  NOTE_MAX_LENGTH,
} from '../../../../shared/application-pipeline'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { applicationWrites, refreshApplications } from '../admin-queries'
import { settleNoteDraft, useNoteDraft } from './note-drafts'
import { ApplicationStatusOptions } from './status-options'

/**
 * The recruiter's side: a status chosen is saved at once (its toast can undo it), a note is added with its
 * own button; then the application's timeline: its arrival, status changes, notes and emails with who and when.
 */
export function ApplicationReview({
  application,
  mayChange = true,
}: {
  application: ApplicationDetail
  /** False for an interviewer, who reads the timeline and changes nothing. */
  mayChange?: boolean
}) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<ApplicationStatus>(application.status)
  const [note, setNote] = useNoteDraft(application.id)
  // The application shown may change under the panel (another one opened): its status follows.
  useEffect(() => setStatus(application.status), [application.status])
  const move = useMutation({
    mutationFn: ({ to }: { from: ApplicationStatus; to: ApplicationStatus; undoing?: boolean }) =>
      applicationWrites.update(application.id, { status: to }),
    onSuccess: (updated, { from, to, undoing }) => {
      setStatus(updated.status)
      const undo = { label: 'Undo', onClick: () => move.mutate({ from: to, to: from, undoing: true }) }
      toast({
        ...ADMIN_TOASTS.applicationMoved(updated.reference, APPLICATION_STATUS_LABELS[to]),
        ...(undoing ? {} : { action: undo }),
      })
      void refreshApplications(queryClient)
    },
    onError: (error, { from }) => {
      setStatus(from)
      toast(ADMIN_TOASTS.applicationSaveFailed(error))
    },
  })
  const addNote = useMutation({
    mutationFn: (text: string) => applicationWrites.update(application.id, { note: text }),
    onSuccess: (updated, text) => {
      settleNoteDraft(application.id, text)
      toast(ADMIN_TOASTS.applicationSaved(updated.reference))
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.applicationSaveFailed(error)),
  })
  return (
    <section className="application-review" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="application-review__title">
        Pipeline
      </h4>
      {mayChange && (
        <>
          <div className="field">
            <label htmlFor={`${id}-status`} className="field__label">
              Status
            </label>
            <select
              id={`${id}-status`}
              value={status}
              aria-describedby={`${id}-status-hint`}
              disabled={move.isPending}
              onChange={(event) => {
                const to = event.target.value
                if (!isApplicationStatus(to) || to === status) return
                setStatus(to)
                move.mutate({ from: status, to })
              }}
            >
              <ApplicationStatusOptions />
            </select>
            <p id={`${id}-status-hint`} className="field__hint">
              Saved as soon as it is chosen.
            </p>
          </div>
          <form
            className="application-review__form"
            onSubmit={(event) => {
              event.preventDefault()
              if (note.trim()) addNote.mutate(note)
            }}
          >
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
                {`Only recruiters and the job's hiring managers see notes. ${note.length} / ${NOTE_MAX_LENGTH}`}
              </p>
            </div>
            <button type="submit" className="button button--primary" disabled={!note.trim() || addNote.isPending}>
              {addNote.isPending ? 'Saving...' : 'Save note'}
            </button>
          </form>
        </>
      )}
      <ol className="application-history" aria-label="Timeline">
        {application.timeline.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own, and hold no state of their own to lose
          <li key={index} className={`application-history__entry application-history__entry--${entry.kind}`}>
            <p className="application-history__meta">
              {entry.by && <span className="application-history__author">{entry.by}</span>}
              {entry.by && ' · '}
              <time dateTime={entry.at}>{formatDisplayDateTime(entry.at)}</time>
              {entry.mailStatus && (
                <>
                  {' · '}
                  <span className={`mail-status mail-status--${entry.mailStatus}`}>
                    {entry.scheduledFor
                      ? `scheduled for ${formatDisplayDateTime(entry.scheduledFor)}`
                      : entry.mailStatus}
                  </span>
                </>
              )}
            </p>
            <p className="application-detail__text">{entry.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
