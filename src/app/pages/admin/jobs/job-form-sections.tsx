import { COUNTRY_CODES, countryName } from '../../../../shared/countries'
import { JOB_LIMITS } from '../../../../shared/job-rules'
import {
  JOB_STATUSES,
  JOB_TYPE_NAMES,
  type JobStatus,
  type JobType,
  SALARY_UNIT_NAMES,
  type SalaryUnit,
} from '../../../../shared/jobs'
import { FormField } from '../../../components/form-field'
import { JobTextField } from './job-text-field'
import { type JobFormState, jobFieldId } from './use-job-form'

const STATUS_HINTS: Record<JobStatus, string> = {
  draft: 'Only you see it.',
  active: 'Listed on the careers page and open for applications until its closing date.',
  closed: 'Not listed; its page says the role is closed.',
}
/** Every country by its name, for the address's country list. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
)
const UNIT_NAMES: Record<SalaryUnit, string> = {
  YEAR: 'a year',
  MONTH: 'a month',
  WEEK: 'a week',
  DAY: 'a day',
  HOUR: 'an hour',
}

/** Title, address, department, type, status and closing date. */
export function JobBasicsFields({ form }: { form: JobFormState }) {
  const { values } = form
  return (
    <div className="post-form__grid">
      <JobTextField form={form} field="title" label="Title" maxLength={JOB_LIMITS.title} required wide />
      <JobTextField
        form={form}
        field="slug"
        label="Slug"
        hint={`/jobs/${values.slug || '…'}`}
        maxLength={JOB_LIMITS.slug}
      />
      <JobTextField form={form} field="department" label="Department" maxLength={JOB_LIMITS.department} required />
      <FormField id={jobFieldId('type')} label="Type" error={form.errorFor('type')}>
        {(control) => (
          <select
            {...control}
            value={values.type}
            onChange={(event) => form.set('type', event.target.value as JobType)}
          >
            {JOB_TYPE_NAMES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={jobFieldId('status')}
        label="Status"
        hint={STATUS_HINTS[values.status]}
        error={form.errorFor('status')}
      >
        {(control) => (
          <select
            {...control}
            value={values.status}
            onChange={(event) => form.set('status', event.target.value as JobStatus)}
          >
            {JOB_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status[0]!.toUpperCase() + status.slice(1)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <JobTextField
        form={form}
        field="validThrough"
        label="Closing date (optional)"
        hint="Applications close at the end of this day (UTC). Leave empty to keep it open until you close it."
        type="date"
      />
    </div>
  )
}

/** Where the work is: an address, and for a remote job the countries and time zones it takes applicants from. */
export function JobLocationFields({ form }: { form: JobFormState }) {
  const { values } = form
  return (
    <fieldset className="job-form__group">
      <legend className="field__label">Location</legend>
      <label className="checkbox">
        <input type="checkbox" checked={values.remote} onChange={(event) => form.set('remote', event.target.checked)} />
        Remote job
      </label>
      <div className="post-form__grid">
        <JobTextField
          form={form}
          field="city"
          label={values.remote ? 'City (optional)' : 'City'}
          maxLength={JOB_LIMITS.city}
        />
        <JobTextField
          form={form}
          field="region"
          label="State or region"
          hint="Such as CA"
          maxLength={JOB_LIMITS.region}
        />
        <FormField
          id={jobFieldId('country')}
          label={values.remote ? 'Country (optional)' : 'Country'}
          error={form.errorFor('country')}
        >
          {(control) => (
            <select {...control} value={values.country} onChange={(event) => form.set('country', event.target.value)}>
              <option value="">Choose a country</option>
              {COUNTRIES.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {values.remote && (
          <>
            <JobTextField
              form={form}
              field="remoteCountries"
              label="Countries applicants may live in"
              hint="Country codes, such as US, CA"
            />
            <JobTextField
              form={form}
              field="remoteTimeZones"
              label="Time zones (optional)"
              hint="Such as US time zones"
              maxLength={JOB_LIMITS.remoteTimeZones}
            />
          </>
        )}
      </div>
    </fieldset>
  )
}

/** The salary range (or one amount), its currency and the period it is paid for; empty for none. */
export function JobSalaryFields({ form }: { form: JobFormState }) {
  return (
    <fieldset className="job-form__group">
      <legend className="field__label">Salary (optional)</legend>
      <div className="job-form__salary">
        <JobTextField form={form} field="salaryMin" label="From" inputMode="decimal" />
        <JobTextField form={form} field="salaryMax" label="To (optional)" inputMode="decimal" />
        <JobTextField form={form} field="salaryCurrency" label="Currency" hint="Such as USD" maxLength={3} />
        <FormField id={jobFieldId('salaryUnit')} label="Paid" error={form.errorFor('salaryUnit')}>
          {(control) => (
            <select
              {...control}
              value={form.values.salaryUnit}
              onChange={(event) => form.set('salaryUnit', event.target.value as SalaryUnit)}
            >
              {SALARY_UNIT_NAMES.map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_NAMES[unit]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </fieldset>
  )
}
