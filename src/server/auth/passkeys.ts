import { and, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { passkeys, staff, webauthnChallenges } from '../db/schema'
import { type WriteTx, writeTransaction } from '../db/write-transaction'
import { requireOpenSession } from './sessions'

/** How long a challenge waits for the authenticator's answer. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000

export type ChallengePurpose = 'register' | 'sign-in'

/** A passkey whose registration was checked, to be kept. */
export interface NewPasskey {
  id: string
  staffId: number
  publicKey: Uint8Array
  counter: number
  transports: string[]
  name: string
}

/** Keeps a checked passkey in the caller's write (the Security tab's, or the one accepting an invitation). */
export async function keepPasskey(tx: WriteTx, passkey: NewPasskey, now: number) {
  await tx.insert(passkeys).values({ ...passkey, publicKey: Buffer.from(passkey.publicKey), createdAt: new Date(now) })
}

/** Passkeys and the challenges of their ceremonies, kept in the database (any process may get the answer). */
export function createPasskeyStore(db: Database, clock: () => number = Date.now) {
  return {
    async rememberChallenge(challenge: string, purpose: ChallengePurpose, staffId: number | null) {
      const now = clock()
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now)))
      await db
        .insert(webauthnChallenges)
        .values({ challenge, purpose, staffId, expiresAt: new Date(now + CHALLENGE_TTL_MS) })
    },

    /** Uses up a challenge: true once, when it was made for this purpose (and person) and is still fresh. */
    async consumeChallenge(challenge: string, purpose: ChallengePurpose, staffId: number | null): Promise<boolean> {
      const used = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            gt(webauthnChallenges.expiresAt, new Date(clock())),
          ),
        )
        .returning({ staffId: webauthnChallenges.staffId })
      return used.length === 1 && used[0]!.staffId === staffId
    },

    list: (staffId: number) =>
      db.select().from(passkeys).where(eq(passkeys.staffId, staffId)).orderBy(passkeys.createdAt),

    /**
     * A passkey of someone active on the staff (a suspended or removed person's opens nothing), with its
     * owner's sign-in generation read in the same statement (auth/sessions.ts).
     */
    async byId(id: string) {
      const [row] = await db
        .select({ passkey: passkeys, generation: staff.signInGeneration })
        .from(passkeys)
        .innerJoin(staff, and(eq(staff.id, passkeys.staffId), eq(staff.state, 'active')))
        .where(eq(passkeys.id, id))
      return row ? { ...row.passkey, generation: row.generation } : null
    },

    /** Keeps a new passkey from the Security tab; the session adding it must still be open as it is kept. */
    async add(passkey: NewPasskey, sessionId: number) {
      await writeTransaction(db, async (tx) => {
        await requireOpenSession(tx, sessionId, 'self')
        await keepPasskey(tx, passkey, clock())
      })
    },

    async used(id: string, counter: number) {
      await db
        .update(passkeys)
        .set({ counter, lastUsedAt: new Date(clock()) })
        .where(eq(passkeys.id, id))
    },

    /** Removes one of a person's passkeys; false when they have none by that id. */
    async remove(id: string, staffId: number): Promise<boolean> {
      const gone = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.staffId, staffId)))
        .returning({ id: passkeys.id })
      return gone.length > 0
    },

    /** Every passkey of a person (their second factor reset by an owner or administrator). */
    async removeAllOf(staffId: number) {
      await db.delete(passkeys).where(eq(passkeys.staffId, staffId))
    },
  }
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>
