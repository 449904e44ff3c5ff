import { and, eq, isNull, ne } from 'drizzle-orm'
import { invitationPath } from '../../../shared/paths'
import { slugify } from '../../../shared/slug'
import {
  INVITATION_VALID_DAYS,
  isEmail,
  normalizeEmail,
  type Role,
  STAFF_MESSAGES,
  type StaffUser,
} from '../../../shared/staff'
import { keepPasskey, type NewPasskey } from '../../auth/passkeys'
import { hashSecretToken, newSecretToken } from '../../auth/secret-token'
import { requireOpenSession, type SignInBasis } from '../../auth/sessions'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { staff, staffInvitations } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { enqueueMail } from '../../mail/outbox'
import { invitationMail } from './invitation-mail'
import { refused, type StaffResult } from './staff-result'

const DAY_MS = 24 * 60 * 60 * 1000
const isOpen = and(isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt))

export interface InvitationAnswer {
  id: number
  email: string
  role: Role
  expiresAt: string
  /** The link the email holds, for the inviter to pass on another way (no mail server, a lost message). */
  inviteUrl: string
}

export interface StaffMail {
  domain: string
  wake(): void
}

/** What the staff's emailed links (invitations, password resets) are made with. */
export interface StaffLinks {
  content: Pick<ContentVersion, 'write'>
  clock?: () => number
  mail: StaffMail | null
  /** The site's origin, for the links' absolute URLs. */
  origin: () => string
}

/** A slug for an author page: from the name, then with the person's id and a count until it is free. */
async function freeSlug(tx: WriteTx, name: string, id: number) {
  const base = slugify(name) || `staff-${id}`
  for (let n = 0; ; n++) {
    const slug = n === 0 ? base : n === 1 ? `${base}-${id}` : `${base}-${id}-${n}`
    const [taken] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.slug, slug), ne(staff.id, id)))
    if (!taken) return slug
  }
}

/** Slugs of people without an author page: `~` is never in a slug made from a name, so they cannot meet one. */
const placeholderSlug = (kind: 'invited' | 'revoked', id: number | string) => `~${kind}-${id}`

/**
 * Joining the staff: invitations are single-use links that last a week, sent through the outbox; an
 * invited person has a staff row (state `invited`) until they accept with their name and password.
 */
export function createInvitations(db: Database, { content, clock = Date.now, mail, origin }: StaffLinks) {
  const inviteUrl = (token: string) => new URL(invitationPath(token), origin()).href

  async function sendInvitation(
    tx: WriteTx,
    person: { id: number; email: string; role: Role },
    invitedBy: StaffUser,
  ): Promise<InvitationAnswer> {
    const now = clock()
    const token = newSecretToken()
    // A new link replaces any earlier one: only the newest works.
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date(now) })
      .where(
        and(
          eq(staffInvitations.staffId, person.id),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
    const expiresAt = new Date(now + INVITATION_VALID_DAYS * DAY_MS)
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        staffId: person.id,
        tokenHash: hashSecretToken(token),
        invitedBy: invitedBy.id,
        createdAt: new Date(now),
        expiresAt,
      })
      .returning({ id: staffInvitations.id })
    const url = inviteUrl(token)
    if (mail)
      await enqueueMail(tx, invitationMail({ ...person, invitationId: row!.id, url, invitedBy, expiresAt }), {
        now,
        domain: mail.domain,
      })
    return { id: row!.id, email: person.email, role: person.role, expiresAt: expiresAt.toISOString(), inviteUrl: url }
  }

  /** An invitation by its link's token, with why it no longer works. */
  async function invitationByToken(token: string) {
    const [row] = await db
      .select({ invitation: staffInvitations, person: staff })
      .from(staffInvitations)
      .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
      .where(eq(staffInvitations.tokenHash, hashSecretToken(token)))
    if (!row) return refused(404, STAFF_MESSAGES.invitationNotFound)
    const { invitation, person } = row
    if (invitation.usedAt || person.state !== 'invited') return refused(410, STAFF_MESSAGES.invitationUsed)
    if (invitation.revokedAt) return refused(410, STAFF_MESSAGES.invitationRevoked)
    if (invitation.expiresAt.getTime() <= clock()) return refused(410, STAFF_MESSAGES.invitationExpired)
    return { ok: true as const, value: { invitation, person } }
  }

  return {
    /**
     * Invites someone new, or sends a fresh link to someone invited before (with the role now asked for).
     * `sessionId`: the inviter's session, still open when the link is made (the answer carries it).
     */
    async invite(
      email: string,
      role: Role,
      invitedBy: StaffUser,
      sessionId: number,
    ): Promise<StaffResult<InvitationAnswer>> {
      // Kept as lower case: SQLite's lower() folds only ASCII letters, so every comparison is on this form.
      const address = normalizeEmail(email)
      if (!isEmail(address)) return refused(400, STAFF_MESSAGES.emailInvalid)
      try {
        const answer = await content.write(async (tx) => {
          await requireOpenSession(tx, sessionId, 'staff.manage')
          const [existing] = await tx.select().from(staff).where(eq(staff.email, address))
          if (existing && existing.state !== 'invited') return null
          const now = new Date(clock())
          let id = existing?.id
          if (existing) await tx.update(staff).set({ role, updatedAt: now }).where(eq(staff.id, existing.id))
          else {
            const [row] = await tx
              .insert(staff)
              .values({
                email: address,
                role,
                state: 'invited',
                slug: `invited-${newSecretToken()}`,
                createdAt: now,
                updatedAt: now,
              })
              .returning({ id: staff.id })
            id = row!.id
          }
          return sendInvitation(tx, { id: id!, email: address, role }, invitedBy)
        })
        if (!answer) return refused(409, STAFF_MESSAGES.emailTaken)
        mail?.wake()
        return { ok: true, value: answer }
      } catch (error) {
        if (isUniqueViolation(error)) return refused(409, STAFF_MESSAGES.emailTaken)
        throw error
      }
    },

    async resend(invitationId: number, by: StaffUser, sessionId: number): Promise<StaffResult<InvitationAnswer>> {
      const answer = await content.write(async (tx) => {
        await requireOpenSession(tx, sessionId, 'staff.manage')
        const [row] = await tx
          .select({ person: staff })
          .from(staffInvitations)
          .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
          .where(and(eq(staffInvitations.id, invitationId), isOpen))
        // Only an open invitation is sent again: a withdrawn one stays withdrawn.
        if (row?.person.state !== 'invited' || row.person.email === '') return null
        return sendInvitation(tx, row.person, by)
      })
      if (!answer) return refused(404, STAFF_MESSAGES.invitationNotFound)
      mail?.wake()
      return { ok: true, value: answer }
    },

    /** Withdraws an invitation: its link answers 410, and the invited person leaves the list. */
    async revoke(invitationId: number): Promise<StaffResult<{ email: string }>> {
      return content.write(async (tx) => {
        const [row] = await tx
          .select({ person: staff, invitation: staffInvitations })
          .from(staffInvitations)
          .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
          .where(and(eq(staffInvitations.id, invitationId), isOpen))
        if (row?.person.state !== 'invited' || row.person.email === '')
          return refused(404, STAFF_MESSAGES.invitationNotFound)
        await tx
          .update(staffInvitations)
          .set({ revokedAt: new Date(clock()) })
          .where(and(eq(staffInvitations.staffId, row.person.id), isNull(staffInvitations.revokedAt)))
        // The person's row stays (state invited) so the link can say it was withdrawn; a new invitation reuses it.
        await tx
          .update(staff)
          .set({ email: '', slug: placeholderSlug('revoked', row.person.id) })
          .where(eq(staff.id, row.person.id))
        return { ok: true, value: { email: row.person.email } }
      })
    },

    /** Who an open invitation is for (their staff row), to register a passkey as they join. */
    async invitee(token: string): Promise<StaffResult<{ id: number; email: string }>> {
      const found = await invitationByToken(token)
      if (!found.ok) return found
      return { ok: true, value: { id: found.value.person.id, email: found.value.person.email } }
    },

    /** What an invitation link shows before it is accepted. */
    async invitation(token: string): Promise<StaffResult<{ email: string; role: Role }>> {
      const found = await invitationByToken(token)
      if (!found.ok) return found
      return { ok: true, value: { email: found.value.person.email, role: found.value.person.role } }
    },

    /**
     * Accepts an invitation: the person becomes active with their name and a password's hash or a checked
     * passkey, kept in the write that finds the invitation still open (a link withdrawn or sent again meanwhile
     * leaves no way in behind). Returns who joined and what their first session depends on (auth/sessions.ts).
     */
    async accept(
      token: string,
      name: string,
      { passwordHash, passkey }: { passwordHash: string | null; passkey: NewPasskey | null },
    ): Promise<StaffResult<{ user: StaffUser; basis: SignInBasis }>> {
      const found = await invitationByToken(token)
      if (!found.ok) return found
      const { invitation, person } = found.value
      return content.write(async (tx) => {
        const now = new Date(clock())
        const [used] = await tx
          .update(staffInvitations)
          .set({ usedAt: now })
          .where(
            and(
              eq(staffInvitations.id, invitation.id),
              isNull(staffInvitations.usedAt),
              isNull(staffInvitations.revokedAt),
            ),
          )
          .returning({ id: staffInvitations.id })
        if (!used) return refused(410, STAFF_MESSAGES.invitationUsed)
        if (passkey) await keepPasskey(tx, passkey, now.getTime())
        const slug = await freeSlug(tx, name, person.id)
        const [joined] = await tx
          .update(staff)
          .set({ name, passwordHash, slug, state: 'active', updatedAt: now })
          .where(eq(staff.id, person.id))
          .returning({ generation: staff.signInGeneration })
        return {
          ok: true,
          value: {
            user: { id: person.id, name, email: person.email, role: person.role },
            basis: { generation: joined!.generation },
          },
        }
      })
    },
  }
}

export type Invitations = ReturnType<typeof createInvitations>
