import { type ReactNode, useState } from 'react'
import {
  APPLICATION_PROBLEMS_ID,
  type ApplicationProblem,
  applicationFieldId,
} from '../../../shared/application-problems'
import { FORM_JOB_FIELD, HONEYPOT_FIELD, KEEP_IN_MIND_FIELD } from '../../../shared/application-rules'
import type { Job } from '../../../shared/jobs'
import { jobPath, PAGES } from '../../../shared/paths'
import { ErrorSummary } from '../../components/error-summary'
import { ApplicationFieldInput, type ApplicationFieldProps } from './application-field'
import { ApplicationQuestions } from './application-questions'
import { ApplicationSent } from './application-sent'
import { EmailSuggestion } from './email-suggestion'
import { ResumeFileField } from './resume-file-field'
import { type ApplicationValues, useApplicationForm } from './use-application-form'

/** What the page says after the form was posted without scripts: stored (with its id), or refused. */
export interface FormOutcome {
  ok: boolean
  message: string
  values?: Partial<ApplicationValues>
  /** Each field's problem, when the form itself was refused. */
  problems?: ApplicationProblem[]
  /** The consent to be kept in mind, to show again. */
  keepInMind?: boolean
  /** What was chosen or typed for each question (`answer-{id}` fields), to show again. */
  answers?: Record<string, string>
  /** The stored application's id, for its reference (null when it has none to give). */
  id?: number | null
}

/** The résumé: pasted, attached, or both; one of them required. */
function ResumeFieldset({ children }: { children: ReactNode }) {
  return (
    <fieldset className="application-form__resume" aria-describedby="resume-rule">
      <legend className="application-form__legend">
        Resume
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p id="resume-rule" className="field__hint">
        Paste it, attach a file, or both.
      </p>
      {children}
    </fieldset>
  )
}

/** The applicant's own choice to be kept in mind for future roles (their application kept longer). */
function KeepInMind({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="application-form__consent">
      <input
        type="checkbox"
        name={KEEP_IN_MIND_FIELD}
        value="yes"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      Keep me in mind for future roles (we keep your application longer: see the privacy notice)
    </label>
  )
}

type FieldOptions = Omit<ApplicationFieldProps, 'name' | 'value' | 'onChange' | 'counting' | 'error'>

/**
 * The application form. With JavaScript it posts to /api/job-applications (JSON, or multipart with a
 * résumé file); without, it is an ordinary multipart form post to this page, whose action stores it and says
 * what happened (a refused form comes back scrolled to its list of problems: the action's #fragment). Once
 * stored, a panel with the reference takes its place.
 */
export function ApplicationForm({ job, outcome }: { job: Job; outcome?: FormOutcome }) {
  const form = useApplicationForm(job, outcome?.ok ? {} : outcome)
  const [emailLeft, setEmailLeft] = useState('')
  if (outcome?.ok && !form.sent) return <ApplicationSent id={outcome.id ?? null} focus={false} />
  if (form.sent) return <ApplicationSent id={form.sent.id} focus />
  const errorOf = (name: string) => form.problems.find((problem) => problem.field === name)?.message
  const field = (name: ApplicationFieldProps['name'], options: FieldOptions = {}) => (
    <ApplicationFieldInput
      name={name}
      value={form.values[name]}
      onChange={form.onChange}
      counting={form.counting}
      error={errorOf(name)}
      {...options}
    />
  )

  return (
    <form
      ref={form.formRef}
      className="application-form"
      method="post"
      encType="multipart/form-data"
      action={`${jobPath(job.slug)}#${APPLICATION_PROBLEMS_ID}`}
      onSubmit={form.onSubmit}
      onChange={form.onStart}
      aria-labelledby="apply-title"
    >
      <h2 id="apply-title" className="application-form__title">
        Apply for This Position
      </h2>
      <ErrorSummary
        key={form.refusals}
        id={APPLICATION_PROBLEMS_ID}
        summaryRef={form.summaryRef}
        problems={form.problems.map(({ field, message }) => ({ target: applicationFieldId(field), message }))}
      />
      {outcome && !outcome.ok && !outcome.problems?.length && form.refusals === 0 && (
        // The form was refused as a whole (too many at once, a file too large…): where the page opens.
        <p id={APPLICATION_PROBLEMS_ID} tabIndex={-1} className="form-outcome form-outcome--error" role="alert">
          {outcome.message}
        </p>
      )}
      <input type="hidden" name={FORM_JOB_FIELD} value={job.id} />
      <div className="application-form__trap" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {field('fullName', { autoComplete: 'name', wide: true })}
      {field('email', {
        type: 'email',
        autoComplete: 'email',
        onLeave: setEmailLeft,
        children: (
          <EmailSuggestion
            email={emailLeft === form.values.email ? emailLeft : ''}
            onAccept={(email) => {
              form.onChange('email', email)
              setEmailLeft(email)
            }}
          />
        ),
      })}
      {field('phone', { type: 'tel', autoComplete: 'tel' })}
      {field('location', { autoComplete: 'address-level2', placeholder: 'City, country' })}
      {field('portfolioUrl', { type: 'url', placeholder: 'https://' })}
      {field('linkedinUrl', { type: 'url', placeholder: 'https://' })}
      {field('githubUrl', { type: 'url', placeholder: 'https://' })}
      {field('experience', { placeholder: 'e.g. 5 years in live games' })}
      {field('availability', { placeholder: 'e.g. Two weeks' })}
      {field('coverLetter', { multiline: true })}
      <ResumeFieldset>
        {field('resumeText', {
          multiline: true,
          placeholder: 'Paste your resume or a summary of your experience',
        })}
        <ResumeFileField
          inputRef={form.fileRef}
          error={errorOf('resumeFile') ?? form.fileError}
          onChange={form.setResume}
        />
      </ResumeFieldset>
      <ApplicationQuestions
        questions={job.questions}
        answers={form.answers}
        errorOf={errorOf}
        onAnswer={form.onAnswer}
      />
      <p className="application-form__privacy">
        {'How we handle your data: '}
        <a href={PAGES.privacy} target="_blank" rel="noopener">
          privacy notice for applicants<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <KeepInMind checked={form.keepInMind} onChange={form.setKeepInMind} />
      <button type="submit" className="button button--primary application-form__submit" disabled={form.pending}>
        {form.pending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Submitting...
          </>
        ) : (
          'Submit Application'
        )}
      </button>
      <p className="application-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
    </form>
  )
}
