import { eq } from 'drizzle-orm'
import { derivePreviewerDigest, PREVIEWER_PBKDF2_ITERATIONS, type PreviewerGate } from '../../../shared/previewer'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { appSettings } from '../../db/schema'

const SALT_KEY = 'preview_gate_salt'
const SALT_BYTES = 16

/**
 * The previewer's gate for this deployment: PBKDF2 of PREVIEW_PASSWORD with a random salt kept in the
 * database, so every process on one database hands out the same digest (and the browser's unlocked state
 * survives a restart), while another deployment with the same password gets another. Without
 * PREVIEW_PASSWORD nothing is read, written or computed.
 */
export async function loadPreviewerGate(
  db: Database,
  config: Partial<Pick<Config, 'PREVIEW_PASSWORD' | 'PREVIEW_PASSWORD_HINT'>>,
): Promise<PreviewerGate> {
  const password = config.PREVIEW_PASSWORD
  if (!password) return { configured: false, digest: null, hint: null }
  const salt = await deploymentSalt(db)
  return {
    configured: true,
    salt,
    iterations: PREVIEWER_PBKDF2_ITERATIONS,
    digest: await derivePreviewerDigest(password, salt, PREVIEWER_PBKDF2_ITERATIONS),
    hint: config.PREVIEW_PASSWORD_HINT ?? null,
  }
}

/** Created once; processes starting together each offer one, and all read back the one that landed. */
async function deploymentSalt(db: Database): Promise<string> {
  const offered = Buffer.from(crypto.getRandomValues(new Uint8Array(SALT_BYTES))).toString('hex')
  await db.insert(appSettings).values({ key: SALT_KEY, value: offered, updatedAt: new Date() }).onConflictDoNothing()
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SALT_KEY))
  if (!row) throw new Error(`The previewer salt (app_settings ${SALT_KEY}) could not be stored`)
  return row.value
}
