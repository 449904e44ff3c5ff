import { APPLICATION_STATUS_LABELS, type ApplicationSummary } from '../../../shared/application-pipeline'
import { APPLICATION_FIELD_NAMES, APPLICATION_FIELDS } from '../../../shared/application-rules'
import { toCsv } from '../../../shared/csv'
import { answerText } from '../../../shared/job-questions'

/** The admin's filtered list as a spreadsheet: one row per application, every field the applicant sent and their answers. */
export function applicationsCsv(applications: readonly ApplicationSummary[]): string {
  const header = [
    'Reference',
    'Received',
    'Status',
    'Job',
    ...APPLICATION_FIELD_NAMES.map((field) => APPLICATION_FIELDS[field].label),
    'Resume file',
    'Possible duplicate',
    'Keep in mind for future roles',
    'Answers',
  ]
  const rows = applications.map((application) => [
    application.reference,
    application.createdAt,
    APPLICATION_STATUS_LABELS[application.status],
    application.jobTitle,
    ...APPLICATION_FIELD_NAMES.map((field) => application[field]),
    application.resume?.fileName ?? '',
    application.duplicate ? 'yes' : '',
    application.keepInMind ? 'yes' : '',
    // The jobs ask different questions: each answer after its question, one per line.
    application.answers.map(({ question, answer }) => `${question}: ${answerText(answer)}`).join('\n'),
  ])
  return toCsv([header, ...rows])
}

/** The download's name: the day it was made, so exports sort by date. */
export const csvFileName = (now: number) => `applications-${new Date(now).toISOString().slice(0, 10)}.csv`
