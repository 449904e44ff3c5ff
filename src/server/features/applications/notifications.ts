import { site } from '../../../content/site'
import { applicationReference } from '../../../shared/application-pipeline'
import { adminApplicationPath, PAGES } from '../../../shared/paths'
import type { OutgoingMail } from '../../mail/outbox'

export interface NewApplication {
  id: number
  jobTitle: string
  fullName: string
  email: string
}

/** The outbox's `ref` for an application's mail: deleting the application deletes its mail. */
export const applicationMailRef = (id: number) => `application:${id}`

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
  return [
    {
      ref,
      kind: 'hiring-notice',
      to: hiringEmail,
      subject: `New application: ${application.jobTitle} — ${application.fullName}`,
      text: [
        `${application.fullName} applied for ${application.jobTitle}.`,
        '',
        `Job: ${application.jobTitle}`,
        `Name: ${application.fullName}`,
        `Reference: ${reference}`,
        '',
        `Open it in the admin: ${new URL(adminApplicationPath(application.id), origin).href}`,
      ].join('\n'),
    },
    {
      ref,
      kind: 'applicant-confirmation',
      to: application.email,
      replyTo: hiringEmail,
      subject: `We received your application: ${application.jobTitle}`,
      text: [
        `Hello ${application.fullName},`,
        '',
        `Thank you for applying for ${application.jobTitle} at ${site.name}. We have your application and will review it and get back to you.`,
        '',
        `Your reference number: ${reference}`,
        `Please quote it if you write to us about your application (${site.careersEmail}).`,
        '',
        `We keep applications for ${retentionDays} days and then delete them. How we handle your data: ${new URL(PAGES.privacy, origin).href}`,
        '',
        `— ${site.name}`,
      ].join('\n'),
    },
  ]
}
