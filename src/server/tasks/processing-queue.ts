import { availableParallelism } from 'node:os'
import { createAllowance } from './allowance'

/**
 * Turns for work on uploads that keeps a core busy: images made into WebP files (media's process-image.ts,
 * for up to seconds each) and résumé archives inflated (applications' resume-check.ts). Without a cap a
 * batch of uploads takes every core from the pages; the rest wait their turn in order of arrival, and past
 * the line, or past the wait, the upload is answered 503 with `Retry-After`. The defaults are the images'.
 */
export interface ProcessingQueueOptions {
  /** Images processed at once: the cores processing may take from the site. */
  concurrency: number
  /** Uploads waiting for a turn; more are refused at once. */
  queue: number
  /** The longest an upload waits for its turn before it is refused. */
  maxWaitMs: number
  /** What the refusal tells the client to wait before trying again. */
  retryAfterSeconds: number
  /** The longest one image's processing may take once its turn has come (sharp's timeout). */
  timeLimitSeconds: number
}

export const DEFAULT_PROCESSING_QUEUE: ProcessingQueueOptions = {
  // Half the cores, at least one: on two cores, the other one is the site's.
  concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
  // The editor uploads every picture dropped on it at once: a phone photo takes about 0.5 s here, so a
  // dozen and more fit in the wait; every waiting upload holds its body (up to 20 MB) in memory.
  queue: 16,
  maxWaitMs: 20_000,
  retryAfterSeconds: 5,
  // Ten times the longest upload within the bounds measured here (a 100-megapixel PNG, about 2 s).
  timeLimitSeconds: 20,
}

/** No turn came: the line was full, or the wait ran out. */
export class ProcessingBusyError extends Error {
  constructor() {
    super('image processing is busy')
  }
}

export type ProcessingQueue = ReturnType<typeof createProcessingQueue>

export function createProcessingQueue(options: ProcessingQueueOptions = DEFAULT_PROCESSING_QUEUE) {
  const turns = createAllowance({ capacity: options.concurrency, queue: options.queue, waitMs: options.maxWaitMs })
  /** The most that ever ran at once, the turns given and the uploads refused, for `stats`. */
  let peak = 0
  let started = 0
  let refused = 0

  return {
    options,
    stats: () => ({ running: turns.held(), waiting: turns.waiting(), peak, started, refused }),
    /** Runs `work` when a turn comes, or throws ProcessingBusyError when none comes in time. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      const release = await turns.take(1)
      if (!release) {
        refused++
        throw new ProcessingBusyError()
      }
      started++
      peak = Math.max(peak, turns.held())
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}
