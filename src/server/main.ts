import { createApp } from './app'
import { createAuditLog } from './audit/audit-log'
import { type AdminPassword, loadAdminPassword } from './auth/password'
import { type Config, ConfigError, loadConfig, PREVIEW_PASSWORD_IS_ADMIN_PASSWORD, serverClock } from './config'
import { localFilePath, openDatabase, REMOTE_TIMEOUT_MS } from './db/client'
import { databaseLocationProblem } from './db/database-location'
import { replicaLog } from './db/errors'
import { retryWhileLocked } from './db/lock-retry'
import { migrateDatabase } from './db/migrate'
import { checkDatabaseFile } from './db/quick-check'
import { seedJobsOnce } from './features/jobs/seed'
import { seedBlogIfEmpty } from './features/posts/seed'
import { loadPreviewerGate } from './features/previewer/previewer-gate'
import { errorFields } from './observability/error-fields'
import { createJsonLogger } from './observability/logger'
import { enableMetrics } from './observability/metrics'
import { defaultBackupDir } from './ops/backup'
import { offsiteStoreFromConfig } from './ops/offsite-store'
import { startScheduledBackups } from './ops/scheduled-backups'
import { tightenSiteDataAtStart } from './ops/tighten-at-start'
import { createBackgroundTasks } from './process/background-tasks'
import { createShutdown } from './process/graceful-shutdown'
import { moveInlinePostImages, postsHoldInlineImages } from './process/move-inline-images'
import { generatedPasswordBlock } from './process/password-block'
import { holdUntilPasswordChecked } from './process/password-check-gate'
import { staffReadTheServer } from './process/staff-reads'
import { loadAssetManifest } from './render/assets'
import { createRenderThreads } from './render/render-threads'
import { serverSource } from './repo-paths'

/** The render threads start after the first answer, or this long after the port opened (below). */
const THREADS_AFTER_MS = 1000
/** After the drain, how long the rest of a shutdown may take: requests in flight (20 s), a backup, mail. */
const SHUTDOWN_DEADLINE_MS = 60_000

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}
const unwritableDatabase = databaseLocationProblem(config.DATABASE_URL)
if (unwritableDatabase) {
  console.error(unwritableDatabase)
  process.exit(1)
}
const logger = createJsonLogger({ level: config.LOG_LEVEL })

const clock = serverClock(config)

/**
 * The start, in a function rather than at the top level: the server bundle is a CommonJS module with
 * precompiled bytecode, which has no top-level await (scripts/build-server.ts).
 */
async function start() {
  // Counting from the first database call (busy retries of processes starting together), when metrics are on.
  const metricsEnabled = config.METRICS_TOKEN ? enableMetrics() : null
  try {
    const database = {
      url: config.DATABASE_URL,
      authToken: config.DATABASE_AUTH_TOKEN,
      timeoutMs: config.DATABASE_TIMEOUT_MS,
    }
    // On an embedded replica, the database is the server it replicates: migrations and render threads use it.
    const primary = config.DATABASE_SYNC_URL ? { ...database, url: config.DATABASE_SYNC_URL } : database
    const file = config.DATABASE_SYNC_URL ? null : localFilePath(config.DATABASE_URL)
    const backupDir = config.BACKUP_DIR ?? defaultBackupDir(config.DATABASE_URL)
    tightenSiteDataAtStart(file, backupDir, logger)
    // A replica's server is migrated before the replica opens, which syncs what the server has then.
    const migratedFirst = config.DATABASE_SYNC_URL ? await migrateDatabase(primary) : []
    const db = await openDatabase({ ...database, syncUrl: config.DATABASE_SYNC_URL, onSyncError: replicaLog(logger) })
    if (file) await checkDatabaseFile(db, file)
    // Both safe with any number of processes starting at once: each decides inside its write transaction.
    const migrated = config.DATABASE_SYNC_URL ? migratedFirst : await migrateDatabase(database)
    if (migrated.length > 0) logger.info('migrated the database', { migrations: migrated.map((m) => m.tag) })
    if (await retryWhileLocked(() => seedBlogIfEmpty(db, clock()))) logger.info('seeded the blog with its launch posts')
    if (await retryWhileLocked(() => seedJobsOnce(db))) logger.info('seeded the careers pages with the bundled jobs')
    // A one-off move of old posts' data, before the server listens: an editor's save must not meet it (it
    // writes back what it read). Every later start finds nothing, in one query. What it cannot do is logged.
    if (await postsHoldInlineImages(db))
      await moveInlinePostImages(db).then(
        (inline) => {
          if (inline.moved > 0)
            logger.info('moved images out of post HTML into the media store', { posts: inline.moved })
          for (const failure of inline.failed) {
            logger.error('an image in a post could not be moved', { postId: failure.id, error: failure.error })
          }
        },
        (error: unknown) => logger.error('moving images out of post HTML failed', errorFields(error)),
      )
    let passwordNotice: string | null = null
    // Its argon2 check (0.1 s, the first in a process) runs on a thread of its own while the app is built and
    // the first requests are answered (below).
    const passwordLoaded = loadAdminPassword(
      db,
      config.ADMIN_PASSWORD,
      (password) => {
        logger.info(
          `No ADMIN_PASSWORD is set, so one was generated. Administrator password: ${password} (shown once; change it with \`bun run admin:password\`)`,
        )
        // Also as a block of its own, readable among the JSON lines of `docker logs`.
        process.stderr.write(generatedPasswordBlock(password))
      },
      {
        onReplaced: () => {
          passwordNotice =
            "ADMIN_PASSWORD changed: it is now the owner's password, and the owner's sessions were signed out"
          logger.info(passwordNotice)
        },
        onOverriddenSince: () =>
          logger.info(
            'ADMIN_PASSWORD is unchanged since the last start, but the password was changed since (in the admin or with bun run admin:password), so ADMIN_PASSWORD does not sign in. Give ADMIN_PASSWORD a new value to make it the password again and sign every session out.',
          ),
      },
    )
    // A failure is the start's (below), not an unhandled rejection now.
    passwordLoaded.catch(() => {})
    const adminPassword: AdminPassword = {
      verify: async (candidate) => (await passwordLoaded).verify(candidate),
    }
    const previewerGate = await loadPreviewerGate(db, config)
    await metricsEnabled
    const assets = loadAssetManifest()
    const background = createBackgroundTasks(db, config, logger)
    // An in-memory database is the process's own: a thread would open another, empty one. A replica is this
    // process's too (one client syncs its file), and reads the server only while it answers: no threads.
    const threadCount =
      !config.DATABASE_SYNC_URL && (file || !config.DATABASE_URL.startsWith('file:')) ? config.RENDER_THREADS : 0
    const renderThreads =
      threadCount > 0
        ? createRenderThreads(
            {
              database,
              clockOffsetMs: clock() - Date.now(),
              siteUrl: config.SITE_URL,
              logLevel: config.LOG_LEVEL,
              assets,
              retentionDays: config.APPLICATION_RETENTION_DAYS,
              previewerGate,
            },
            {
              script: serverSource('render-thread.ts'),
              // A page reads the database a few times, each within DATABASE_TIMEOUT_MS.
              timeoutMs: 2 * (config.DATABASE_TIMEOUT_MS ?? REMOTE_TIMEOUT_MS) + 5_000,
              onFailure: (reason) => logger.error('render thread failed: pages render on the main thread', { reason }),
            },
          )
        : null
    let backups: ReturnType<typeof startScheduledBackups> | null = null
    const shutdown = createShutdown({
      stopServer: (force) => server.stop(force),
      closeDatabase: async () => {
        flushLogs()
        await analytics
          .stop()
          .catch((error: unknown) => logger.error('analytics could not be written', errorFields(error)))
        renderThreads?.close()
        await backups?.stop()
        await background.stop()
        db.$client.close()
      },
      logger,
    })
    const { app, fetch, warmUp, flushLogs, analytics } = createApp({
      config,
      db,
      adminPassword,
      assets,
      logger,
      previewerGate,
      mail: background.mail,
      wake: background.wake,
      draining: shutdown.draining,
      clock,
      renderThreads,
    })
    // The password check ends after the port opened: visitors need none of it, and the requests that do (a
    // session, the staff pages) wait for it (process/password-check-gate.ts). A failure stops the start (below).
    const passwordChecked = passwordLoaded.then(async () => {
      if (passwordNotice)
        await createAuditLog(db, { retentionDays: config.AUDIT_RETENTION_DAYS }).record('password.reset', {
          clientAddress: 'operator',
          subject: 'ADMIN_PASSWORD changed',
        })
      // loadConfig compared the environment's passwords; the stored one may have been changed in the admin since.
      if (config.PREVIEW_PASSWORD && (await adminPassword.verify(config.PREVIEW_PASSWORD)))
        throw new ConfigError(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD)
    })
    const answer = staffReadTheServer(
      holdUntilPasswordChecked(fetch, passwordChecked),
      Boolean(config.DATABASE_SYNC_URL),
    )
    const firstAnswer = Promise.withResolvers<void>()
    let answered = false
    const server = Bun.serve({
      port: config.PORT,
      hostname: config.HOST,
      // Bodies are capped by the app (REQUEST_BODY_CAP_BYTES, http/body-bytes.ts) with a JSON 413; Bun's own
      // cap would answer an empty one, so it is lifted.
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      idleTimeout: 30,
      development: false,
      fetch: (request) => {
        const answering = answer(request)
        if (!answered) {
          answered = true
          void Promise.resolve(answering).then(
            () => firstAnswer.resolve(),
            () => firstAnswer.resolve(),
          )
        }
        return answering
      },
    })
    app.server = server
    logger.info('listening', { url: `http://localhost:${config.PORT}`, env: config.NODE_ENV })

    // An orchestrator's SIGTERM drains for load balancers first; Ctrl-C in a terminal stops at once. SIGINT
    // during the shutdown means "now": an operator who cannot wait for the drain. A repeated SIGTERM does not:
    // systemd signals the whole group and `bun run start` passes it on, so the server gets it twice.
    let stopping = false
    const stop = (signal: string, drainMs: number) => {
      if (stopping && signal === 'SIGTERM') {
        logger.info('SIGTERM again during shutdown: ignored (SIGINT stops now)')
        return
      }
      if (stopping) {
        logger.warn('second signal during shutdown: stopping now', { signal })
        logger.exit(1, 500)
        return
      }
      stopping = true
      // A supervisor that never sends SIGKILL still sees an end: a backup or a mail stuck past this is cut.
      setTimeout(() => {
        logger.error('the shutdown took too long: stopping now', { afterMs: drainMs + SHUTDOWN_DEADLINE_MS })
        logger.exit(1)
      }, drainMs + SHUTDOWN_DEADLINE_MS).unref()
      void shutdown.run(signal, drainMs).then(
        () => logger.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', errorFields(error))
          logger.exit(1)
        },
      )
    }
    process.on('SIGTERM', () => stop('SIGTERM', config.SHUTDOWN_DRAIN_MS))
    process.on('SIGINT', () => stop('SIGINT', 0))
    passwordChecked.catch((error: unknown) => {
      // A signal during the check closed the database under it: that is the shutdown's exit, not a failed start.
      if (stopping) return
      logger.error('failed to start', error instanceof ConfigError ? { error: error.message } : errorFields(error))
      logger.exit(1)
    })

    // Nothing below is needed to answer: it starts after the first answer, or a second after the port opened,
    // so a new process answers its first request in a fraction of a second (decision 0032). A thread loading
    // the app takes a core for half a second, which on a busy machine was the first answer's (measured:
    // 0.7–1.9 s from the port opening to the first page, 0.2–0.5 s without). Pages render in line until a
    // render thread is up; the warm-up waits for it, so its first, slow renders are not the main thread's.
    void Promise.race([Bun.sleep(THREADS_AFTER_MS), firstAnswer.promise])
      .then(() => {
        // A signal before then: the shutdown has run, nothing is to start.
        if (stopping) return
        background.start()
        analytics.start()
        if (config.BACKUP_INTERVAL_HOURS)
          backups = startScheduledBackups({
            db,
            database: primary,
            dir: backupDir,
            intervalHours: config.BACKUP_INTERVAL_HOURS,
            keep: config.BACKUP_KEEP,
            offsite: offsiteStoreFromConfig(config),
            logger,
          })
        else if (config.BACKUP_S3_URL)
          logger.warn(
            'BACKUP_S3_URL is set without BACKUP_INTERVAL_HOURS: only scheduled backups are sent off-site, so none will be',
          )
        renderThreads?.add(threadCount)
        return renderThreads?.settled()
      })
      .then(async () => {
        if (stopping) return
        if (config.WARM_UP === 'false') return await warmUp(0)
        const started = performance.now()
        await warmUp()
        logger.info('warmed up', { ms: Math.round(performance.now() - started) })
      })
      .catch((error: unknown) => logger.warn('the warm-up stopped', errorFields(error)))
  } catch (error) {
    logger.error('failed to start', errorFields(error))
    logger.exit(1)
  }
}

void start()
