import type { Logger } from '../observability/logger'

/** After the drain, how long requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 20_000

export interface ShutdownSteps {
  /** Stops accepting and resolves once every connection has closed; `force` cuts the ones still busy. */
  stopServer(force: boolean): Promise<unknown>
  /** Ends what still uses the database (a scheduled backup), then closes it. */
  closeDatabase(): void | Promise<void>
  logger: Logger
  graceMs?: number
}

/**
 * The order of a clean stop. First the process says it is going (`draining()` turns /readyz to 503 and
 * makes every answer close its connection, so keep-alive clients leave between requests instead of
 * having a request cut), for `drainMs` while load balancers notice. Then the server stops accepting:
 * idle connections close, requests in flight finish and their connections close after the answer.
 * Only then is the database closed.
 */
export function createShutdown({ stopServer, closeDatabase, logger, graceMs = SHUTDOWN_GRACE_MS }: ShutdownSteps) {
  let draining = false
  return {
    draining: () => draining,
    async run(signal: string, drainMs: number): Promise<void> {
      if (draining) return
      draining = true
      logger.info('shutting down', { signal, drainMs })
      if (drainMs > 0) await Bun.sleep(drainMs)
      let timer: ReturnType<typeof setTimeout> | undefined
      const finished = await Promise.race([
        stopServer(false).then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs)
        }),
      ])
      clearTimeout(timer)
      if (!finished) {
        logger.warn('requests still running at the end of the shutdown grace period were cut', { graceMs })
        await stopServer(true)
      }
      await closeDatabase()
      logger.info('stopped')
    },
  }
}
