import { createApp } from './app'
import { createAuditLog } from './audit/audit-log'
import { loadAdminPassword } from './auth/password'
import { type Config, ConfigError, loadConfig, PREVIEW_PASSWORD_IS_ADMIN_PASSWORD, serverClock } from './config'
import { openDatabase } from './db/client'
import { applyMigrations } from './db/migrate'
import { seedBlogIfEmpty } from './features/posts/seed'
import { loadPreviewGate } from './features/preview/preview-gate'
import { createJsonLogger, errorFields } from './http/logger'
import { loadAssetManifest } from './render/assets'
import { moveInlinePostImages } from './tasks/move-inline-images'

const logger = createJsonLogger()

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

const clock = serverClock(config)

try {
  const db = await openDatabase({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN })
  await applyMigrations(db)
  if (await seedBlogIfEmpty(db, clock())) logger.info('seeded the blog with its launch posts')
  // A one-off move that must never keep the site from starting: what it cannot do is logged and left.
  await moveInlinePostImages(db).then(
    (inline) => {
      if (inline.moved > 0) logger.info('moved images out of post HTML into the media store', { posts: inline.moved })
      for (const failure of inline.failed) {
        logger.error('an image in a post could not be moved', { postId: failure.id, error: failure.error })
      }
    },
    (error: unknown) => logger.error('moving images out of post HTML failed', errorFields(error)),
  )
  let passwordNotice: string | null = null
  const adminPassword = await loadAdminPassword(
    db,
    config.ADMIN_PASSWORD,
    (password) =>
      logger.info(
        `No ADMIN_PASSWORD is set, so one was generated. Administrator password: ${password} (shown once; change it with \`bun run admin:password\`)`,
      ),
    {
      onReplaced: () => {
        passwordNotice = 'ADMIN_PASSWORD changed: it is now the password, and every session was signed out'
        logger.info(passwordNotice)
      },
      onOverriddenSince: () =>
        logger.info(
          'ADMIN_PASSWORD is unchanged since the last start, but the password was changed since (in the admin or with bun run admin:password), so ADMIN_PASSWORD does not sign in. Give ADMIN_PASSWORD a new value to make it the password again and sign every session out.',
        ),
    },
  )
  if (passwordNotice)
    await createAuditLog(db, { retentionDays: config.AUDIT_RETENTION_DAYS }).record('password.reset', {
      clientAddress: 'operator',
      subject: 'ADMIN_PASSWORD changed',
    })
  // loadConfig compared the environment's passwords; the stored one may have been changed in the admin since.
  if (config.PREVIEW_PASSWORD && (await adminPassword.verify(config.PREVIEW_PASSWORD))) {
    logger.error('failed to start', { error: PREVIEW_PASSWORD_IS_ADMIN_PASSWORD })
    process.exit(1)
  }
  const previewGate = await loadPreviewGate(db, config)
  const { app, fetch } = createApp({
    config,
    db,
    adminPassword,
    assets: loadAssetManifest(),
    logger,
    previewGate,
    clock,
  })
  app.server = Bun.serve({
    port: config.PORT,
    hostname: config.HOST,
    // Bodies are capped by the app (REQUEST_BODY_CAP_BYTES, http/body-bytes.ts) with a JSON 413; Bun's own
    // cap would answer an empty one, so it is lifted.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    idleTimeout: 30,
    development: false,
    fetch,
  })
  logger.info('listening', { url: `http://localhost:${config.PORT}`, env: config.NODE_ENV })

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal })
    // stop() without force stops accepting connections and resolves once in-flight requests finish.
    await app.stop(false)
    db.$client.close()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
} catch (error) {
  logger.error('failed to start', errorFields(error))
  process.exit(1)
}
