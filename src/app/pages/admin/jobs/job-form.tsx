import { useEffect, useState } from 'react'
import { JOB_LIMITS, JOB_LISTS, type JobListField as ListField } from '../../../../shared/job-rules'
import type { AdminJob } from '../../../../shared/jobs'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormField } from '../../../components/form-field'
import { HiringTeamField } from './hiring-team-field'
import { JobBasicsFields, JobLocationFields, JobSalaryFields } from './job-form-sections'
import { JobListField } from './job-list-field'
import { JOB_CONFIRMATIONS } from './job-messages'
import { JobQuestionsField } from './job-questions-field'
import { ScorecardField } from './scorecard-field'
import { jobFieldId, useJobForm } from './use-job-form'

/** Create or edit a job: every field of its page, the three lists editable line by line. */
export function JobForm({ job, onClose }: { job: AdminJob | null; onClose: () => void }) {
  const form = useJobForm(job, onClose)
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  // Opened from the list: the keyboard starts at the first field.
  useEffect(() => document.getElementById(jobFieldId('title'))?.focus(), [])
  return (
    <form className="post-form job-form" onSubmit={form.onSubmit} noValidate aria-labelledby="job-form-title">
      <h2 id="job-form-title" className="admin-section__title">
        {job ? `Edit job: ${job.title}` : 'New job'}
      </h2>
      <JobBasicsFields form={form} />
      <JobLocationFields form={form} />
      <JobSalaryFields form={form} />
      <FormField
        id={jobFieldId('description')}
        label="Description"
        hint="Separate paragraphs with a blank line. The first 150 characters are the preview on the careers page."
        error={form.errorFor('description')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            value={form.values.description}
            maxLength={JOB_LIMITS.description}
            required
            onChange={(event) => form.set('description', event.target.value)}
          />
        )}
      </FormField>
      {(Object.keys(JOB_LISTS) as ListField[]).map((field) => (
        <JobListField
          key={field}
          id={jobFieldId(field)}
          label={JOB_LISTS[field].label}
          itemLabel={JOB_LISTS[field].item}
          items={form.values[field]}
          error={form.errorFor(field)}
          onChange={(items) => form.set(field, items)}
        />
      ))}
      <JobQuestionsField
        id={jobFieldId('questions')}
        questions={form.values.questions}
        error={form.errorFor('questions')}
        onChange={(questions) => form.set('questions', questions)}
      />
      {job && <HiringTeamField jobId={job.id} />}
      {job && <ScorecardField jobId={job.id} />}
      {form.formError && (
        <p className="field__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="post-form__actions">
        <button type="submit" className="button button--primary" disabled={form.saving}>
          {job ? 'Save job' : 'Create job'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => (form.dirty ? setConfirmingDiscard(true) : onClose())}
        >
          Cancel
        </button>
      </div>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard unsaved changes?"
        message={JOB_CONFIRMATIONS.discardChanges}
        confirmLabel="Discard"
        onConfirm={onClose}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </form>
  )
}
