import { and, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm'
import { site } from '../../../content/site'
import { passwordResetPath } from '../../../shared/paths'
import {
  normalizeEmail,
  PASSWORD_RESET_MAIL_KIND,
  PASSWORD_RESET_VALID_MINUTES,
  STAFF_MESSAGES,
} from '../../../shared/staff'
import { hashSecretToken, newSecretToken } from '../../auth/secret-token'
import { endSessionsOf } from '../../auth/sessions'
import type { Database } from '../../db/client'
import { passwordResets, staff } from '../../db/schema'
import { enqueueMail } from '../../mail/outbox'
import type { StaffLinks } from './invitations'
import { refused, type StaffResult } from './staff-result'

/** Links waiting to be used, at most, per person. */
const OPEN_LINKS_PER_PERSON = 3

/**
 * "Forgot password": a single-use link for half an hour, emailed to an active staff member. The answer
 * to the request is the same whether the address is known or not. The owner's password is the operator's
 * (`ADMIN_PASSWORD`, `admin:password`), so the owner gets no link.
 */
export function createPasswordResets(db: Database, { content, clock = Date.now, mail, origin }: StaffLinks) {
  const open = (token: string) =>
    and(
      eq(passwordResets.tokenHash, hashSecretToken(token)),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, new Date(clock())),
    )

  return {
    /** Sends a link when the address is an active person's; says nothing either way. */
    async request(email: string): Promise<void> {
      const [person] = await db
        .select({ id: staff.id, passwordHash: staff.passwordHash })
        .from(staff)
        .where(and(eq(staff.email, normalizeEmail(email)), eq(staff.state, 'active')))
      if (!person?.passwordHash || !mail) return
      const now = clock()
      await db
        .delete(passwordResets)
        .where(and(eq(passwordResets.staffId, person.id), lt(passwordResets.expiresAt, new Date(now))))
      const token = newSecretToken()
      const url = new URL(passwordResetPath(token), origin()).href
      await content.write(async (tx) => {
        // A few links at a time per person: asking again and again does not fill their mailbox. Counted in the
        // write, so requests handled at once (each answered before its link is made) cannot all find room.
        const [waiting] = await tx
          .select({ n: count() })
          .from(passwordResets)
          .where(and(eq(passwordResets.staffId, person.id), isNull(passwordResets.usedAt)))
        if ((waiting?.n ?? 0) >= OPEN_LINKS_PER_PERSON) return
        await tx.insert(passwordResets).values({
          staffId: person.id,
          tokenHash: hashSecretToken(token),
          expiresAt: new Date(now + PASSWORD_RESET_VALID_MINUTES * 60_000),
        })
        await enqueueMail(
          tx,
          {
            ref: `password-reset:${person.id}`,
            kind: PASSWORD_RESET_MAIL_KIND,
            to: normalizeEmail(email),
            subject: `Choose a new password for the ${site.name} admin`,
            text: [
              `Someone asked to choose a new password for your ${site.name} account.`,
              '',
              `Choose it here (the link works once, for ${PASSWORD_RESET_VALID_MINUTES} minutes):`,
              url,
              '',
              'If it was not you, ignore this email: your password stays as it is.',
            ].join('\n'),
          },
          { now, domain: mail.domain },
        )
      })
      mail.wake()
    },

    /** Whose link it is, while it works. */
    async check(token: string): Promise<StaffResult<{ email: string }>> {
      const [row] = await db
        .select({ email: staff.email })
        .from(passwordResets)
        .innerJoin(staff, and(eq(staff.id, passwordResets.staffId), eq(staff.state, 'active')))
        .where(open(token))
      return row ? { ok: true, value: row } : refused(410, STAFF_MESSAGES.resetLinkGone)
    },

    /** Uses the link: the new password replaces the old one, and every session of the person ends. */
    async use(token: string, passwordHash: string): Promise<StaffResult<{ staffId: number }>> {
      return content.write(async (tx) => {
        const active = tx.select({ id: staff.id }).from(staff).where(eq(staff.state, 'active'))
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date(clock()) })
          .where(and(open(token), inArray(passwordResets.staffId, active)))
          .returning({ staffId: passwordResets.staffId })
        if (!used) return refused(410, STAFF_MESSAGES.resetLinkGone)
        // The person's other links go with this one.
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date(clock()) })
          .where(and(eq(passwordResets.staffId, used.staffId), isNull(passwordResets.usedAt)))
        await tx
          .update(staff)
          .set({ passwordHash, updatedAt: new Date(clock()) })
          .where(eq(staff.id, used.staffId))
        await endSessionsOf(tx, used.staffId)
        return { ok: true, value: { staffId: used.staffId } }
      })
    },
  }
}

export type PasswordResets = ReturnType<typeof createPasswordResets>
