import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSettings } from '../db/schema'

const PASSWORD_KEY = 'admin_password_hash'
/**
 * OWASP's argon2id setting (19 MiB, 2 passes). Bun's default takes 64 MiB per hash, which alone set the
 * server's peak memory. Hashes keep their own parameters, so older ones still verify.
 */
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

export interface AdminPassword {
  /** Constant-time check (argon2id verify) of a login attempt. */
  verify(candidate: string): Promise<boolean>
}

export function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url')
}

export async function storePasswordHash(db: Database, password: string, now = Date.now()) {
  const value = await Bun.password.hash(password, ARGON2)
  await db
    .insert(appSettings)
    .values({ key: PASSWORD_KEY, value, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date(now) } })
}

/**
 * ADMIN_PASSWORD when set; otherwise the hash stored in the database, created with a random password
 * on the very first start (printed once through `announce`). There is never a default password.
 */
export async function loadAdminPassword(
  db: Database,
  fromEnv: string | undefined,
  announce: (password: string) => void,
): Promise<AdminPassword> {
  if (fromEnv) {
    const hash = await Bun.password.hash(fromEnv, ARGON2)
    return { verify: (candidate) => Bun.password.verify(candidate, hash) }
  }
  const stored = async () => (await db.select().from(appSettings).where(eq(appSettings.key, PASSWORD_KEY)))[0]?.value
  if (!(await stored())) {
    const password = generatePassword()
    const value = await Bun.password.hash(password, ARGON2)
    // Several processes may start together on one database: only the one whose row lands announces.
    const inserted = await db
      .insert(appSettings)
      .values({ key: PASSWORD_KEY, value, updatedAt: new Date() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key })
    if (inserted.length > 0) announce(password)
  }
  // Read on each login so `bun run admin:password` takes effect without a restart.
  return {
    async verify(candidate) {
      const hash = await stored()
      return hash ? Bun.password.verify(candidate, hash) : false
    },
  }
}
