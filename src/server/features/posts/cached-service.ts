import type { ContentVersion } from '../../render/content-version'
import type { PublicPostService } from './service'

const MAX_ENTRIES = 500

interface Entry {
  version: string
  value: Promise<unknown>
}

/**
 * The public blog reads, remembered until the content version changes. Their results depend only on
 * the stored posts (never on the clock or the visitor), so one admin write is the only thing that can
 * make an entry wrong. Bounded (LRU) because search terms are arbitrary; concurrent misses share one query.
 */
export function cachePublicPosts(service: PublicPostService, version: ContentVersion): PublicPostService {
  const entries = new Map<string, Entry>()

  function remember<Args extends unknown[], Result>(name: string, read: (...args: Args) => Promise<Result>) {
    return async (...args: Args): Promise<Result> => {
      const key = `${name}|${JSON.stringify(args)}`
      const current = await version.current()
      const hit = entries.get(key)
      entries.delete(key)
      if (hit && hit.version === current) {
        entries.set(key, hit)
        return hit.value as Promise<Result>
      }
      const value = read(...args)
      entries.set(key, { version: current, value })
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      value.catch(() => entries.get(key)?.value === value && entries.delete(key))
      return value
    }
  }

  return {
    list: remember('list', service.list),
    featured: remember('featured', service.featured),
    search: remember('search', service.search),
    bySlug: remember('bySlug', service.bySlug),
    related: remember('related', service.related),
    allPublished: remember('allPublished', service.allPublished),
  }
}
