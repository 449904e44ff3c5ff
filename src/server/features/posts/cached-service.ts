import { normalizeSearchQuery } from '../../../shared/blog'
import type { CurrentContentVersion } from '../../cache/content-version'
import { versionedReads } from '../../cache/versioned-reads'
import type { PublicPostService } from './service'

const MAX_ENTRIES = 500

/**
 * With the page cache's budget, the bound on what public content can hold in memory (design §2); each render
 * thread keeps one such cache of its own.
 */
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024

/**
 * The public blog reads, remembered until the content version changes. Their results depend only on
 * the stored posts (never on the clock or the visitor), so an admin write is the only thing that can
 * make an entry wrong. Bounded in entries and bytes because search terms are arbitrary.
 */
export function cachePublicPosts(service: PublicPostService, version: CurrentContentVersion): PublicPostService {
  const remember = versionedReads(version, MAX_ENTRIES, READ_CACHE_MAX_BYTES)
  const search = remember('search', service.search)
  const searchKey = (query: string) => normalizeSearchQuery(query).toLowerCase()
  return {
    list: remember('list', service.list),
    byTag: remember('byTag', service.byTag),
    byAuthor: remember('byAuthor', service.byAuthor),
    publicAuthors: remember('publicAuthors', service.publicAuthors),
    publicTags: remember('publicTags', service.publicTags),
    featured: remember('featured', service.featured),
    // The service reads the query as normalizeSearchQuery does and ignores case: "Golf " and "golf" share an entry.
    search: Object.assign((query: string, limit: number) => search(searchKey(query), limit), {
      held: (query: string, limit: number) => search.held(searchKey(query), limit),
    }),
    bySlug: remember('bySlug', service.bySlug),
    related: remember('related', service.related),
    allPublished: remember('allPublished', service.allPublished),
    // Feeds are kept whole once per content version (feed-cache.ts): their contents need no second cache.
    contentsOf: service.contentsOf,
  }
}
