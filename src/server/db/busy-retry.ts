import { isDatabaseBusy } from './errors'

/** The pauses before each further try (with jitter): about a second in all, after the server's own wait. */
const RETRY_DELAYS_MS = [50, 200, 750]

/**
 * Runs `attempt` again when a libSQL server refused it as busy (its write lock could not be had in time,
 * seen under heavy contention from several processes). A refused statement or transaction applied nothing,
 * so a second try cannot apply anything twice. For a server only: the embedded file waits for its lock
 * synchronously (the busy timeout), and waiting again would stop the process for that long once more.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>): Promise<T> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await attempt()
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error
    }
    await Bun.sleep(delay * (0.5 + Math.random()))
  }
  return attempt()
}
