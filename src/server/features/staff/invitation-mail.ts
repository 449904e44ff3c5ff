import { format } from 'date-fns'
import { site } from '../../../content/site'
import { INVITATION_MAIL_KIND, ROLE_LABELS, type Role, type StaffUser } from '../../../shared/staff'
import type { OutgoingMail } from '../../mail/outbox'

/** The outbox's `ref` for an invitation's mail. */
export const invitationMailRef = (invitationId: number) => `invitation:${invitationId}`

/** The invitation email: who invites, to what role, the single-use link and when it stops working. */
export function invitationMail(invitation: {
  invitationId: number
  email: string
  role: Role
  url: string
  invitedBy: StaffUser
  expiresAt: Date
}): OutgoingMail {
  const inviter = invitation.invitedBy.name || invitation.invitedBy.email || site.name
  return {
    ref: invitationMailRef(invitation.invitationId),
    kind: INVITATION_MAIL_KIND,
    to: invitation.email,
    subject: `${inviter} invited you to the ${site.name} admin`,
    text: [
      `${inviter} invited you to join ${site.name} as ${ROLE_LABELS[invitation.role]}.`,
      '',
      `Accept the invitation (the link works once, until ${format(invitation.expiresAt, 'd MMMM yyyy')}):`,
      invitation.url,
      '',
      'If you did not expect this, ignore this email.',
    ].join('\n'),
  }
}
