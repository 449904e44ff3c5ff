import { Elysia, t } from 'elysia'
import type { MailStatus } from '../../../shared/application-pipeline'
import { can, INVITATION_MAIL_KIND, PASSWORD_RESET_MAIL_KIND } from '../../../shared/staff'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { OutboxReader } from '../../mail/outbox'

/** The staff's own mail (invitations, password links): owners' and administrators' to see, not the hiring team's. */
const STAFF_MAIL_KINDS: string[] = [INVITATION_MAIL_KIND, PASSWORD_RESET_MAIL_KIND]

/**
 * The administrator's view of outgoing email: whether any is sent at all (SMTP_URL), what is waiting
 * and what gave up, and a way to try a failed delivery again.
 */
export function adminMailRoutes(
  outbox: OutboxReader,
  session: AdminSessionPlugin,
  { configured, wake, clock }: { configured: boolean; wake: () => void; clock: () => number },
) {
  return new Elysia({ name: 'admin-mail' })
    .use(session)
    .get(
      '/api/admin/mail',
      async ({ user }): Promise<MailStatus> => {
        const [failed, waiting] = await Promise.all([outbox.failed(), outbox.waiting(clock())])
        // The hiring team sees the mail of applications; invitations to the staff are the administrators'.
        const shown = can(user.role, 'staff.manage')
          ? failed
          : failed.filter((mail) => mail.kind !== INVITATION_MAIL_KIND)
        return { configured, failed: shown, waiting }
      },
      { staff: 'applications.manage' },
    )
    .post(
      '/api/admin/mail/:id/retry',
      async ({ params, status, user }) => {
        const kind = await outbox.kindOf(params.id)
        const theirs = kind !== null && (can(user.role, 'staff.manage') || !STAFF_MAIL_KINDS.includes(kind))
        if (!theirs || !(await outbox.retry(params.id, clock())))
          return status(404, { error: 'No failed delivery with this id' })
        wake()
        return { ok: true }
      },
      { staff: 'applications.manage', params: t.Object({ id: t.Integer({ minimum: 1 }) }), parse: 'none' },
    )
}
