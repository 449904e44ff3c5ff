import { normalizeSearchQuery } from '../../../shared/blog'
import type { CurrentContentVersion } from '../../cache/content-version'
import { createVersionedLru } from '../../cache/versioned-lru'
import type { PublicPostService } from './service'

const MAX_ENTRIES = 500
/** With the page cache's budget, the bound on what public content can hold in memory (design §2). */
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024

/** What a result weighs, near enough: the length of its JSON (the strings are most of it). */
const weight = (key: string, result: unknown) => key.length + (JSON.stringify(result)?.length ?? 0)

/**
 * The public blog reads, remembered until the content version changes. Their results depend only on
 * the stored posts (never on the clock or the visitor), so an admin write is the only thing that can
 * make an entry wrong. Bounded in entries and bytes because search terms are arbitrary. The promise
 * itself is kept, so concurrent misses share one query; a failed one is forgotten.
 */
export function cachePublicPosts(service: PublicPostService, version: CurrentContentVersion): PublicPostService {
  const entries = createVersionedLru<Promise<unknown>>(MAX_ENTRIES, READ_CACHE_MAX_BYTES)

  function remember<Args extends unknown[], Result>(name: string, read: (...args: Args) => Promise<Result>) {
    return async (...args: Args): Promise<Result> => {
      const key = `${name}|${JSON.stringify(args)}`
      const current = await version.current()
      const hit = entries.get(key, current)
      if (hit) return hit as Promise<Result>
      const value = read(...args)
      entries.set(key, current, value)
      value.then(
        (result) => entries.weigh(key, value, weight(key, result)),
        () => entries.forget(key, value),
      )
      return value
    }
  }

  const search = remember('search', service.search)
  return {
    list: remember('list', service.list),
    byTag: remember('byTag', service.byTag),
    publicTags: remember('publicTags', service.publicTags),
    featured: remember('featured', service.featured),
    // The service reads the query as normalizeSearchQuery does and ignores case: "Golf " and "golf" share an entry.
    search: (query, limit) => search(normalizeSearchQuery(query).toLowerCase(), limit),
    bySlug: remember('bySlug', service.bySlug),
    related: remember('related', service.related),
    allPublished: remember('allPublished', service.allPublished),
  }
}
