import { site } from '../../../content/site'
import { applicationReference } from '../../../shared/application-reference'
import { adminApplicationPath } from '../../../shared/paths'
import type { OutgoingMail } from '../../mail/outbox'

export interface NewApplication {
  id: number
  jobTitle: string
  fullName: string
  email: string
}

/** The outbox's `ref` for an application's mail: deleting the application deletes its mail. */
export const applicationMailRef = (id: number) => `application:${id}`

/** The role as the confirmation names it: the job's title, which comes from the studio, in quotes. */
const quoted = (jobTitle: string) => `“${jobTitle}”`

/**
 * The words of both emails, in one place. The confirmation goes to an address nobody has verified, so
 * anyone can have it sent to anyone: it holds fixed words, the reference and the role, and nothing the
 * applicant typed (no name, no field, no link), so it cannot carry someone else's message.
 */
export const APPLICATION_MAIL_TEXT = {
  notice: {
    subject: (application: NewApplication) => `New application: ${application.jobTitle} — ${application.fullName}`,
    text: (application: NewApplication, reference: string, adminUrl: string) =>
      [
        `${application.fullName} applied for ${application.jobTitle}.`,
        '',
        `Job: ${application.jobTitle}`,
        `Name: ${application.fullName}`,
        `Reference: ${reference}`,
        '',
        `Open it in the admin: ${adminUrl}`,
      ].join('\n'),
  },
  confirmation: {
    subject: (jobTitle: string) => `We received your application for ${quoted(jobTitle)}`,
    text: (jobTitle: string, reference: string, retentionDays: number) =>
      [
        `Thank you for applying for ${quoted(jobTitle)} at ${site.name}. We have your application and will review it and get back to you.`,
        '',
        `Your reference number: ${reference}`,
        'Please quote it if you write to us about your application: a reply to this email reaches the hiring team.',
        '',
        `We keep applications for ${retentionDays} days and then delete them. The privacy notice for applicants is on every job page of our website.`,
        '',
        'If you did not apply, someone else entered this address: reply to this email and we will delete the application.',
        '',
        `— ${site.name}`,
      ].join('\n'),
  },
} as const

/**
 * The two emails of a new application: a notice to the hiring team (who and for which job, with the
 * admin link; no attachment and no application text, which stays in the admin), and a confirmation to
 * the applicant with their reference number. Names and addresses were checked for control characters,
 * so nothing here can break a header line.
 */
export function applicationMail(
  application: NewApplication,
  { hiringEmail, origin, retentionDays }: { hiringEmail: string; origin: string; retentionDays: number },
): OutgoingMail[] {
  const reference = applicationReference(application.id)
  const ref = applicationMailRef(application.id)
  const { notice, confirmation } = APPLICATION_MAIL_TEXT
  return [
    {
      ref,
      kind: 'hiring-notice',
      to: hiringEmail,
      subject: notice.subject(application),
      text: notice.text(application, reference, new URL(adminApplicationPath(application.id), origin).href),
    },
    {
      ref,
      kind: 'applicant-confirmation',
      to: application.email,
      replyTo: hiringEmail,
      subject: confirmation.subject(application.jobTitle),
      text: confirmation.text(application.jobTitle, reference, retentionDays),
    },
  ]
}
