import { format } from 'date-fns'
import { type FormEvent, useId, useState } from 'react'
import { INTERVIEW_LENGTHS, INTERVIEW_LIMITS, type Interview } from '../../../../shared/interview'
import type { InterviewRequest } from './interview-queries'

/** An instant as a datetime-local input shows it: in the reader's own time zone. */
const localInputValue = (iso: string) => format(new Date(iso), "yyyy-MM-dd'T'HH:mm")

/**
 * The interview's time (the reader's own), length, place or video link and interviewers from the job's
 * hiring team: to schedule one, or to move one (`interview` given).
 */
export function InterviewForm({
  team,
  interview,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  team: { staffId: number; name: string }[]
  interview?: Interview
  busy: boolean
  error: string | null
  onSubmit: (input: InterviewRequest) => void
  onCancel?: () => void
}) {
  const id = useId()
  const [at, setAt] = useState(interview ? localInputValue(interview.startsAt) : '')
  const [minutes, setMinutes] = useState(interview?.minutes ?? 45)
  const [location, setLocation] = useState(interview?.location ?? '')
  // Those who have left the team since are not kept ticked: they could not be unticked, and would be refused.
  const [chosen, setChosen] = useState<number[]>(
    interview?.interviewers.map((one) => one.staffId).filter((id) => team.some((person) => person.staffId === id)) ??
      [],
  )
  const lengths = INTERVIEW_LENGTHS.includes(minutes as never) ? INTERVIEW_LENGTHS : [...INTERVIEW_LENGTHS, minutes]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ startsAt: new Date(at).toISOString(), minutes, location, interviewerIds: chosen })
  }
  return (
    <form className="interview-form" onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
      <div className="interview-form__row">
        <div className="field">
          <label htmlFor={`${id}-at`} className="field__label">
            Starts (your time)
          </label>
          <input id={`${id}-at`} type="datetime-local" required value={at} onChange={(e) => setAt(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-minutes`} className="field__label">
            Length
          </label>
          <select id={`${id}-minutes`} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
            {lengths.map((length) => (
              <option key={length} value={length}>{`${length} minutes`}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-location`} className="field__label">
          Place or video link
        </label>
        <input
          id={`${id}-location`}
          required
          maxLength={INTERVIEW_LIMITS.location}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
        />
      </div>
      <fieldset className="interview-form__people">
        <legend className="field__label">Interviewers</legend>
        {team.length === 0 && (
          <p className="field__hint">No one is on this job's hiring team yet: add interviewers in the job's form.</p>
        )}
        {team.map((person) => (
          <label key={person.staffId} className="candidate-email__choice">
            <input
              type="checkbox"
              checked={chosen.includes(person.staffId)}
              onChange={(e) =>
                setChosen((now) =>
                  e.target.checked ? [...now, person.staffId] : now.filter((one) => one !== person.staffId),
                )
              }
            />
            {person.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="interview-form__actions">
        <button type="submit" className="button button--primary" disabled={busy || chosen.length === 0}>
          {busy ? 'Sending...' : interview ? 'Move and send the update' : 'Schedule and invite'}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Keep it as it is
          </button>
        )}
      </div>
    </form>
  )
}
