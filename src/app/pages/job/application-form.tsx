import { FORM_JOB_FIELD, HONEYPOT_FIELD } from '../../../shared/application-rules'
import type { Job } from '../../../shared/jobs'
import { jobPath, PAGES } from '../../../shared/paths'
import { ApplicationFieldInput, type ApplicationFieldProps } from './application-field'
import { ResumeFileField } from './resume-file-field'
import { type ApplicationValues, useApplicationForm } from './use-application-form'

export interface FormOutcome {
  ok: boolean
  message: string
  values?: Partial<ApplicationValues>
}

type FieldOptions = Omit<ApplicationFieldProps, 'name' | 'value' | 'onChange' | 'counting' | 'invalid'>

/**
 * The application form. With JavaScript it posts to /api/job-applications (JSON, or multipart with a
 * résumé file) and reports with toasts; without, it is an ordinary multipart form post to this page,
 * whose action stores it and says what happened.
 */
export function ApplicationForm({ job, outcome }: { job: Job; outcome?: FormOutcome }) {
  const form = useApplicationForm(job, outcome?.ok ? {} : outcome?.values)
  const field = (name: ApplicationFieldProps['name'], options: FieldOptions = {}) => (
    <ApplicationFieldInput
      name={name}
      value={form.values[name]}
      onChange={form.onChange}
      counting={form.counting}
      invalid={form.invalid.includes(name)}
      {...options}
    />
  )

  return (
    <form
      ref={form.formRef}
      className="application-form"
      method="post"
      encType="multipart/form-data"
      action={jobPath(job.slug)}
      onSubmit={form.onSubmit}
      aria-labelledby="apply-title"
    >
      <h2 id="apply-title" className="application-form__title">
        Apply for This Position
      </h2>
      {outcome && (
        <p className={`form-outcome${outcome.ok ? '' : ' form-outcome--error'}`} role={outcome.ok ? 'status' : 'alert'}>
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
      {field('fullName', { autoComplete: 'name' })}
      {field('email', { type: 'email', autoComplete: 'email' })}
      {field('phone', { type: 'tel', autoComplete: 'tel' })}
      {field('location', { autoComplete: 'address-level2', placeholder: 'City, country' })}
      {field('portfolioUrl', { type: 'url', placeholder: 'https://' })}
      {field('linkedinUrl', { type: 'url', placeholder: 'https://' })}
      {field('githubUrl', { type: 'url', placeholder: 'https://' })}
      {field('experience', { placeholder: 'e.g. 5 years in live games' })}
      {field('availability', { placeholder: 'e.g. Two weeks' })}
      {field('coverLetter', { multiline: true })}
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
        {field('resumeText', {
          multiline: true,
          placeholder: 'Paste your resume or a summary of your experience',
        })}
        <ResumeFileField inputRef={form.fileRef} error={form.fileError} onChange={form.setResume} />
      </fieldset>
      <p className="application-form__privacy">
        {'How we handle your data: '}
        <a href={PAGES.privacy} target="_blank" rel="noopener">
          privacy notice for applicants<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
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
