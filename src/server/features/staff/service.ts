import { and, asc, eq, isNull, ne, or } from 'drizzle-orm'
import {
  mayHaveByline,
  normalizeEmail,
  OWNER_ID,
  type Role,
  STAFF_MESSAGES,
  type StaffMember,
  type StaffProfile,
  type StaffUser,
} from '../../../shared/staff'
import { endSessionsOf, requireOpenSession } from '../../auth/sessions'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS as KEYS, removed } from '../../cache/surrogate-keys'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import {
  jobTeam,
  passkeys,
  passwordResets,
  posts,
  recoveryCodes,
  staff,
  staffInvitations,
  twoFactor,
} from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { refused, type StaffResult } from './staff-result'

/** Removed people who keep their bylines, and withdrawn invitations, have no email. */
const onTheStaff = or(ne(staff.email, ''), eq(staff.id, OWNER_ID))

/**
 * The studio's people: who is on the staff, their passwords (hashed by the caller, auth/password.ts),
 * role and state changes and removal. Writes go through the content version: bylines are public.
 */
/** Everything that signs a person in besides their password: sessions, the second factor, passkeys. */
async function forgetSignIn(tx: WriteTx, id: number) {
  await endSessionsOf(tx, id)
  await tx.delete(passwordResets).where(eq(passwordResets.staffId, id))
  await tx.delete(twoFactor).where(eq(twoFactor.id, id))
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.staffId, id))
  await tx.delete(passkeys).where(eq(passkeys.staffId, id))
}

export function createStaffService(
  db: Database,
  { content, clock = Date.now }: { content: Pick<ContentVersion, 'write'>; clock?: () => number },
) {
  return {
    async list(): Promise<StaffMember[]> {
      // Removed people who keep their bylines, and withdrawn invitations, have no email: not on the list.
      const rows = await db.select().from(staff).where(onTheStaff).orderBy(asc(staff.id))
      const open = await db
        .select({ id: staffInvitations.id, staffId: staffInvitations.staffId, expiresAt: staffInvitations.expiresAt })
        .from(staffInvitations)
        .where(and(isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt)))
      return rows.map((row) => {
        const invitation = open.filter((i) => i.staffId === row.id).at(-1)
        return {
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          state: row.state,
          ...(row.state === 'invited' && invitation
            ? { invitation: { id: invitation.id, expiresAt: invitation.expiresAt.toISOString() } }
            : {}),
        }
      })
    },

    /** Who a post's byline may name: everyone active on the staff whose role writes posts. */
    async authors(): Promise<{ id: number; name: string }[]> {
      const rows = await db
        .select({ id: staff.id, name: staff.name, email: staff.email, role: staff.role, state: staff.state })
        .from(staff)
        .where(and(eq(staff.state, 'active'), onTheStaff))
        .orderBy(asc(staff.name))
      return rows.filter(mayHaveByline).map((row) => ({ id: row.id, name: row.name || row.email }))
    },

    /** Someone on the staff: not a person removed with their bylines kept, nor a withdrawn invitation. */
    async get(id: number) {
      return (
        (
          await db
            .select()
            .from(staff)
            .where(and(eq(staff.id, id), onTheStaff))
        )[0] ?? null
      )
    },

    /** Whether the candidate is this active person's password (never the owner's: that is the admin password). */
    async verifyPassword(id: number, candidate: string): Promise<boolean> {
      const [row] = await db
        .select({ hash: staff.passwordHash })
        .from(staff)
        .where(and(eq(staff.id, id), eq(staff.state, 'active')))
      return Boolean(row?.hash) && (await Bun.password.verify(candidate, row!.hash!))
    },

    /** An active person by email, for signing in. */
    async activeByEmail(email: string) {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.email, normalizeEmail(email)), eq(staff.state, 'active')))
      return row ?? null
    },

    async profile(id: number): Promise<StaffProfile | null> {
      const person = await this.get(id)
      return person && { name: person.name, email: person.email, slug: person.slug, bio: person.bio }
    },

    /**
     * A new name or bio: bylines and author pages show it at once (the slug, the page's address, stays). An
     * email only when they had none (emailOnce), from a session still open as it is set (resets go to it);
     * refused when someone else uses it.
     */
    async setProfile(
      id: number,
      profile: { name: string; bio: string; email?: string },
      sessionId: number,
    ): Promise<StaffResult<{ profile: StaffProfile; emailSet: boolean }>> {
      let written: 'saved' | 'email set' | 'gone' | 'email fixed'
      try {
        written = await content.write(async (tx, changed) => {
          // Read in the write: two requests at once must not both give an email to someone who had none.
          const [person] = await tx
            .select({ email: staff.email })
            .from(staff)
            .where(and(eq(staff.id, id), onTheStaff))
          if (!person) return 'gone'
          const newEmail = profile.email !== undefined && profile.email !== person.email
          if (newEmail && person.email !== '') return 'email fixed'
          if (newEmail) await requireOpenSession(tx, sessionId, 'self')
          await tx
            .update(staff)
            .set({
              name: profile.name,
              bio: profile.bio,
              ...(newEmail ? { email: profile.email } : {}),
              updatedAt: new Date(clock()),
            })
            .where(eq(staff.id, id))
          changed([KEYS.author(id)])
          return newEmail ? 'email set' : 'saved'
        })
      } catch (error) {
        if (isUniqueViolation(error)) return refused(409, STAFF_MESSAGES.emailTaken)
        throw error
      }
      if (written === 'email fixed') return refused(400, STAFF_MESSAGES.emailFixed)
      const saved = written === 'gone' ? null : await this.profile(id)
      return saved
        ? { ok: true, value: { profile: saved, emailSet: written === 'email set' } }
        : refused(404, STAFF_MESSAGES.staffNotFound)
    },

    /** Signs someone out and removes their second factor and passkeys: they sign in with their password alone. */
    async resetSignIn(id: number, by: StaffUser): Promise<StaffResult<{ name: string }>> {
      if (id === OWNER_ID && by.id !== OWNER_ID) return refused(403, STAFF_MESSAGES.ownerFixed)
      const person = await this.get(id)
      if (!person || person.state === 'invited') return refused(404, STAFF_MESSAGES.staffNotFound)
      await content.write((tx) => forgetSignIn(tx, id))
      return { ok: true, value: { name: person.name || person.email } }
    },

    /** A new role or state; suspending signs the person out everywhere at once. */
    async update(
      id: number,
      change: { role?: Role; state?: 'active' | 'suspended' },
      by: StaffUser,
      /** `by`'s session, still open when a role or state is changed. */
      sessionId: number,
    ): Promise<StaffResult<StaffMember>> {
      if (id === OWNER_ID) return refused(403, STAFF_MESSAGES.ownerFixed)
      if (id === by.id) return refused(403, STAFF_MESSAGES.notYourself)
      const person = await this.get(id)
      if (!person) return refused(404, STAFF_MESSAGES.staffNotFound)
      if (change.state && person.state === 'invited') return refused(409, STAFF_MESSAGES.stillInvited)
      await content.write(async (tx) => {
        await requireOpenSession(tx, sessionId, 'staff.manage')
        await tx
          .update(staff)
          .set({ ...change, updatedAt: new Date(clock()) })
          .where(eq(staff.id, id))
        if (change.state === 'suspended') {
          await endSessionsOf(tx, id)
          await tx.delete(passwordResets).where(eq(passwordResets.staffId, id))
        }
      })
      const updated = (await this.list()).find((row) => row.id === id)!
      return { ok: true, value: updated }
    },

    /**
     * Removes someone. Their posts go to `reassignTo`, or stay with their name (`keep`): the row is kept,
     * without email, password or sessions, in state suspended, so the byline and author page remain.
     */
    async remove(
      id: number,
      postsGo: { keep: true } | { reassignTo: number },
      by: StaffUser,
    ): Promise<StaffResult<{ name: string }>> {
      if (id === OWNER_ID) return refused(403, STAFF_MESSAGES.ownerFixed)
      if (id === by.id) return refused(403, STAFF_MESSAGES.notYourself)
      const person = await this.get(id)
      if (!person) return refused(404, STAFF_MESSAGES.staffNotFound)
      if ('reassignTo' in postsGo && postsGo.reassignTo === id) return refused(400, STAFF_MESSAGES.reassignInvalid)
      const outcome = await content.write(async (tx, changed) => {
        // Both read again in the write: two removals at once, each handing posts to the other, would otherwise
        // leave the second one's posts with someone already gone, and the same person removed twice at once
        // would have both answered as done, the last one deciding where the posts went.
        const [still] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(eq(staff.id, id), onTheStaff))
        if (!still) return 'gone'
        if ('reassignTo' in postsGo) {
          const [heir] = await tx
            .select({ role: staff.role, state: staff.state })
            .from(staff)
            .where(and(eq(staff.id, postsGo.reassignTo), onTheStaff))
          // Their posts' bylines name the heir.
          if (!heir || !mayHaveByline(heir)) return 'no heir'
        }
        await forgetSignIn(tx, id)
        // Off every hiring team: no one gone keeps (or blocks) a place on one.
        await tx.delete(jobTeam).where(eq(jobTeam.staffId, id))
        const [written] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, id)).limit(1)
        if ('reassignTo' in postsGo) {
          await tx.update(posts).set({ authorId: postsGo.reassignTo }).where(eq(posts.authorId, id))
          // Bylines and author pages change with them.
          if (written) changed([KEYS.posts, KEYS.author(id), removed(KEYS.author(id)), KEYS.author(postsGo.reassignTo)])
          await tx.delete(staff).where(eq(staff.id, id))
        } else if (written) {
          await tx
            .update(staff)
            .set({
              email: '',
              passwordHash: null,
              state: 'suspended',
              role: 'contributor',
              updatedAt: new Date(clock()),
            })
            .where(eq(staff.id, id))
        } else await tx.delete(staff).where(eq(staff.id, id))
        return 'removed'
      })
      if (outcome === 'gone') return refused(404, STAFF_MESSAGES.staffNotFound)
      if (outcome === 'no heir') return refused(400, STAFF_MESSAGES.reassignInvalid)
      return { ok: true, value: { name: person.name || person.email } }
    },
  }
}

export type StaffService = ReturnType<typeof createStaffService>
