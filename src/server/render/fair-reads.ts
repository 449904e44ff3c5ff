import { busyResponse, type RenderLimit } from './render-limit'

/**
 * Reads of the public JSON API (searches and suggestions, posts and jobs by slug, tags, pages of the blog)
 * go through the same fair line as pages: a read no cache holds waits for a render turn, clients taking
 * turns (render-limit.ts), so a flood of new reads from one client costs that client its own waiting, not
 * other visitors their answers. What a cache holds (`held`, versioned-reads.ts `heldBy`) is answered at
 * once. Without a turn in time the answer is the line's 503 (`busyResponse`).
 */
export function createFairReads(line: RenderLimit, clientOf: (request: Request) => string) {
  return async <T>(
    request: Request,
    held: Promise<T | undefined> | undefined,
    read: () => Promise<T>,
  ): Promise<T | Response> => {
    const kept = await held
    if (kept !== undefined) return kept
    const done = await line.acquire({ client: clientOf(request) })
    if (!done) return busyResponse(request, line.options.retryAfterSeconds)
    try {
      return await read()
    } finally {
      done()
    }
  }
}

export type FairReads = ReturnType<typeof createFairReads>
