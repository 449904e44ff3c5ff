import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { ApplicationDetail } from '../../../../shared/application-pipeline'
import { mergeValues, renderTemplate, tomorrowAtNine } from '../../../../shared/candidate-email'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { adminQueries, refreshApplications } from '../admin-queries'
import { useStaffUser } from '../staff-user'
import { emailQueries, emailWrites } from './email-queries'

type When = 'now' | 'tomorrow' | 'at'

/** The instant a send time stands for: none for now, tomorrow at 9:00 here, or the time picked (local). */
function sendAtOf(when: When, at: string): string | null {
  if (when === 'tomorrow') return tomorrowAtNine(new Date()).toISOString()
  if (when === 'at' && at) return new Date(at).toISOString()
  return null
}

/** Now, tomorrow at 9:00, or at a time picked. */
function SendTime({
  name,
  when,
  at,
  onWhen,
  onAt,
}: {
  name: string
  when: When
  at: string
  onWhen: (when: When) => void
  onAt: (at: string) => void
}) {
  return (
    <fieldset className="candidate-email__when">
      <legend className="field__label">Send</legend>
      {(['now', 'tomorrow', 'at'] as const).map((option) => (
        <label key={option} className="candidate-email__choice">
          <input type="radio" name={name} checked={when === option} onChange={() => onWhen(option)} />
          {option === 'now' ? 'Now' : option === 'tomorrow' ? 'Tomorrow at 9:00 (your time)' : 'At a time (your time)'}
        </label>
      ))}
      {when === 'at' && (
        <input
          type="datetime-local"
          aria-label="Send at"
          value={at}
          required
          onChange={(event) => onAt(event.target.value)}
        />
      )}
    </fieldset>
  )
}

/**
 * Write to the candidate: a template (or not), its subject and message editable, merge fields filled in a
 * preview as the candidate will read it, sent now or later through the outbox; replies go to the sender.
 */
export function CandidateEmailForm({ application }: { application: ApplicationDetail }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const me = useStaffUser()
  const mail = useQuery(adminQueries.mail())
  const templates = useQuery(emailQueries.templates())
  const [templateId, setTemplateId] = useState('')
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  const [when, setWhen] = useState<When>('now')
  const [at, setAt] = useState('')
  const firstName = application.fullName.trim().split(/\s+/)[0] ?? application.fullName
  const values = mergeValues(application.fullName, application.jobTitle, me.name || me.email)
  const send = useMutation({
    mutationFn: () =>
      // The text as it stands in the form, the template's or changed: a template deleted meanwhile does not matter.
      emailWrites.send(application.id, { subject, body, sendAt: sendAtOf(when, at) }),
    onSuccess: (delivery) => {
      toast(
        ADMIN_TOASTS.candidateEmailQueued(
          application.fullName,
          delivery.scheduledFor && formatDisplayDateTime(delivery.scheduledFor),
        ),
      )
      setTemplateId('')
      setSubject('')
      setBody('')
      setWhen('now')
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.candidateEmailFailed(error)),
  })
  if (mail.data && !mail.data.configured)
    return (
      <p className="field__hint">Email is off on this site (SMTP_URL), so candidates cannot be written to from here.</p>
    )

  const choose = (value: string) => {
    setTemplateId(value)
    const chosen = templates.data?.templates.find((template) => String(template.id) === value)
    if (chosen) {
      setSubject(chosen.subject)
      setBody(chosen.body)
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!send.isPending) send.mutate()
  }
  return (
    <form className="candidate-email" aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
      <h4 id={`${id}-title`} className="application-review__title">{`Write to ${firstName}`}</h4>
      <div className="field">
        <label htmlFor={`${id}-template`} className="field__label">
          Template
        </label>
        <select id={`${id}-template`} value={templateId} onChange={(event) => choose(event.target.value)}>
          <option value="">No template</option>
          {templates.data?.templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`} className="field__label">
          Subject
        </label>
        <input id={`${id}-subject`} value={subject} required onChange={(event) => setSubject(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`} className="field__label">
          Message
        </label>
        <textarea
          id={`${id}-body`}
          rows={6}
          value={body}
          required
          aria-describedby={`${id}-fields`}
          onChange={(event) => setBody(event.target.value)}
        />
        <p id={`${id}-fields`} className="field__hint">
          {`Merge fields: ${templates.data?.mergeFields.map((field) => field.name).join(', ') ?? '…'}. ${
            me.email ? `Replies come to ${me.email}.` : "Replies come to the site's own address."
          }`}
        </p>
      </div>
      <SendTime name={`${id}-when`} when={when} at={at} onWhen={setWhen} onAt={setAt} />
      <section className="candidate-email__preview" aria-label="Preview">
        <p className="candidate-email__preview-subject">{renderTemplate(subject, values) || 'No subject yet'}</p>
        <p className="application-detail__text">{renderTemplate(body, values)}</p>
      </section>
      <button
        type="submit"
        className="button button--primary"
        disabled={send.isPending || !subject.trim() || !body.trim()}
      >
        {send.isPending ? 'Sending...' : when === 'now' ? 'Send email' : 'Schedule email'}
      </button>
    </form>
  )
}
