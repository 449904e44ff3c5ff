import type { SearchResult } from '../../../shared/blog'
import { busyResponse, type RenderLimit } from '../../render/render-limit'
import type { CachedPostService } from './cached-service'
import type { PublicPostService } from './service'

/**
 * The JSON API's searches (the search box's suggestions, other clients) go through the same fair line as
 * pages: a search no cache holds waits for a render turn, clients taking turns (render-limit.ts), and is
 * run on a render thread where there is one (public-services.ts). So a flood of new searches from one
 * client costs that client its own waiting, not other visitors their answers. Without a turn in time the
 * answer is the line's 503 (`busyResponse`).
 */
export function createFairSearch(
  posts: PublicPostService | CachedPostService,
  line: RenderLimit,
  clientOf: (request: Request) => string,
) {
  return async (request: Request, query: string, limit: number): Promise<SearchResult | Response> => {
    const held = 'searchHeld' in posts ? await posts.searchHeld(query, limit) : undefined
    if (held) return held
    const done = await line.acquire({ client: clientOf(request) })
    if (!done) return busyResponse(request, line.options.retryAfterSeconds)
    try {
      return await posts.search(query, limit)
    } finally {
      done()
    }
  }
}

export type FairSearch = ReturnType<typeof createFairSearch>
