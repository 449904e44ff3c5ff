import type { ApplicationDetail } from '../../../../shared/application-pipeline'
import { APPLICATION_FIELDS, type ApplicationField, mailtoHref, URL_FIELDS } from '../../../../shared/application-rules'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { answerText } from '../../../../shared/job-questions'
import { formatFileSize, RESUME_FORMATS } from '../../../../shared/resume-file'
import { applicationResumeUrl } from '../admin-queries'

function FieldValue({ application, field }: { application: ApplicationDetail; field: ApplicationField }) {
  const value = application[field]
  if (!value) return '—'
  if (URL_FIELDS.includes(field))
    return (
      <a href={value} target="_blank" rel="noopener noreferrer">
        {value}
      </a>
    )
  if (field === 'email') return <a href={mailtoHref(value)}>{value}</a>
  return <span className="application-detail__text">{value}</span>
}

/** Everything the applicant sent (answers to the job's questions too), with links that open safely, and the résumé file to download. */
export function ApplicationFields({ application }: { application: ApplicationDetail }) {
  const resume = application.resume
  return (
    <dl className="application-detail__fields">
      <div className="application-detail__row">
        <dt>Received</dt>
        <dd>{formatDisplayDateTime(application.createdAt)}</dd>
      </div>
      {(Object.keys(APPLICATION_FIELDS) as ApplicationField[]).map((field) => (
        <div key={field} className="application-detail__row">
          <dt>{APPLICATION_FIELDS[field].label}</dt>
          <dd>
            <FieldValue application={application} field={field} />
          </dd>
        </div>
      ))}
      {application.answers.map(({ questionId, question, answer }) => (
        <div key={questionId} className="application-detail__row">
          <dt>{question}</dt>
          <dd className="application-detail__text">{answerText(answer)}</dd>
        </div>
      ))}
      <div className="application-detail__row">
        <dt>Keep in mind for future roles</dt>
        <dd>{application.keepInMind ? 'Yes: kept longer, and may be told of other roles' : 'No'}</dd>
      </div>
      <div className="application-detail__row">
        <dt>Resume file</dt>
        <dd>
          {resume ? (
            <>
              <a className="application-detail__download" href={applicationResumeUrl(application.id)} download>
                {`Download ${resume.fileName}`}
              </a>
              <span className="application-detail__file">{` (${RESUME_FORMATS[resume.format].label}, ${formatFileSize(resume.size)})`}</span>
            </>
          ) : (
            '—'
          )}
        </dd>
      </div>
      {application.duplicates.length > 0 && (
        <div className="application-detail__row">
          <dt>Possible duplicate of</dt>
          <dd>
            {application.duplicates
              .map((other) => `${other.reference} (${formatDisplayDateTime(other.createdAt)})`)
              .join(', ')}
          </dd>
        </div>
      )}
    </dl>
  )
}
