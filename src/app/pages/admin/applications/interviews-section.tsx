import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { ApplicationDetail } from '../../../../shared/application-pipeline'
import { type Interview, interviewLength } from '../../../../shared/interview'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { adminQueries, refreshApplications } from '../admin-queries'
import { InterviewForm } from './interview-form'
import { type InterviewRequest, interviewWrites } from './interview-queries'
import { useCandidateAccess } from './team-queries'

/** When it is, in the reader's own time zone (the admin renders in the browser, so no server copy differs). */
const localWhen = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso))

type Change =
  | { kind: 'schedule'; input: InterviewRequest }
  | { kind: 'move'; id: number; input: InterviewRequest }
  | { kind: 'cancel'; id: number }

/**
 * The candidate's interviews: when, where and with whom; recruiters and the job's hiring managers schedule,
 * move and cancel them, and the candidate and the interviewers get each invitation, update or cancellation.
 */
export function InterviewsSection({ application, mayChange }: { application: ApplicationDetail; mayChange: boolean }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  // Whether email is on is the recruiters' to read (GET /api/admin/mail); a hiring manager is not asked.
  const mail = useQuery({ ...adminQueries.mail(), enabled: useCandidateAccess().manages })
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [cancelling, setCancelling] = useState<Interview | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const save = useMutation({
    mutationFn: (change: Change) =>
      change.kind === 'schedule'
        ? interviewWrites.schedule(application.id, change.input)
        : change.kind === 'move'
          ? interviewWrites.reschedule(application.id, change.id, change.input)
          : interviewWrites.cancel(application.id, change.id),
    onSuccess: (saved, change) => {
      const word = ({ schedule: 'scheduled', move: 'moved', cancel: 'cancelled' } as const)[change.kind]
      toast(ADMIN_TOASTS.interviewSaved(word, saved.invitations.length))
      setEditing(null)
      setCancelling(null)
      // The form or button pressed is gone: the reader is taken to the interviews as they are now.
      heading.current?.focus()
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.interviewFailed(error)),
  })
  const error = save.isError ? errorMessage(save.error, 'The interview could not be saved.') : null
  const open = (which: number | 'new' | null) => {
    save.reset()
    setEditing(which)
  }
  return (
    <section className="interviews" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="application-review__title">
        Interviews
      </h4>
      {application.interviews.length === 0 && <p className="field__hint">No interview yet.</p>}
      <ul className="interviews__list">
        {application.interviews.map((interview) => (
          <li key={interview.id} className={`interview interview--${interview.state}`}>
            <p className="interview__when">
              <time dateTime={interview.startsAt}>{localWhen(interview.startsAt)}</time>
              {` · ${interviewLength(interview.minutes)}`}
              {interview.state === 'cancelled' && <span className="interview__state"> · Cancelled</span>}
            </p>
            <p className="application-detail__text">{interview.location}</p>
            <p className="field__hint">{`With ${interview.interviewers.map((one) => one.name).join(', ')}`}</p>
            {mayChange && interview.state === 'scheduled' && editing !== interview.id && (
              <div className="interview-form__actions">
                <button type="button" className="button button--small" onClick={() => open(interview.id)}>
                  Move<span className="visually-hidden">{` the interview of ${localWhen(interview.startsAt)}`}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => setCancelling(interview)}
                >
                  Cancel<span className="visually-hidden">{` the interview of ${localWhen(interview.startsAt)}`}</span>
                </button>
              </div>
            )}
            {editing === interview.id && (
              <InterviewForm
                team={application.hiringTeam}
                interview={interview}
                busy={save.isPending}
                error={error}
                onSubmit={(input) => save.mutate({ kind: 'move', id: interview.id, input })}
                onCancel={() => open(null)}
              />
            )}
          </li>
        ))}
      </ul>
      {mayChange && mail.data && !mail.data.configured && (
        <p className="field__hint">Email is off on this site: interviews are kept, but no invitation is sent.</p>
      )}
      {mayChange &&
        (editing === 'new' ? (
          <InterviewForm
            team={application.hiringTeam}
            busy={save.isPending}
            error={error}
            onSubmit={(input) => save.mutate({ kind: 'schedule', input })}
            onCancel={() => open(null)}
          />
        ) : (
          <button type="button" className="button" onClick={() => open('new')}>
            Schedule an interview
          </button>
        ))}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel the interview"
        message={`The candidate and the interviewers are told, and it leaves their calendars.${cancelling ? ` (${localWhen(cancelling.startsAt)})` : ''}`}
        confirmLabel="Cancel interview"
        busy={save.isPending}
        onConfirm={() => cancelling && save.mutate({ kind: 'cancel', id: cancelling.id })}
        onCancel={() => setCancelling(null)}
      />
    </section>
  )
}
