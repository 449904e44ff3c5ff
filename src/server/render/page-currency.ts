import type { PageContentVersion } from '../cache/content-version'
import { removedAmong } from '../cache/surrogate-keys'
import type { RenderedPage } from './rendered-page'

/** Where the page cache stands: the epoch pages must have been made in (as the LRU's version text), and the newest change. */
export interface PageState {
  epoch: string
  change: number
}

/** A version that only says which one is current (tests, and caches that turn over on every change). */
export type CurrentContentVersionOnly = Pick<PageContentVersion, 'current' | 'known'> &
  Partial<Pick<PageContentVersion, 'stale'>>

/**
 * Whether a kept page is current (page-cache.ts): made in this epoch, and nothing it shows (its surrogate
 * keys) changed since it was last found current; and whether one no longer current may be served stale.
 * Without keyed changes (a plain version), a page is current while the version is the one it was made under.
 */
export function createPageCurrency(version: PageContentVersion | CurrentContentVersionOnly) {
  const keyed = 'pages' in version ? version : null
  /** The newest change each page is known to be current at. */
  const currentAt = new WeakMap<object, number>()
  let epochSeen = -1
  let epochText = ''

  return {
    keyed,
    /** The state now, written into `into` (a cached answer reuses one object: nothing is allocated). */
    state(current: string, into: PageState = { epoch: '', change: 0 }): PageState {
      if (!keyed) {
        into.epoch = current
        into.change = 0
        return into
      }
      const { epoch, change } = keyed.pages()
      if (epoch !== epochSeen) {
        epochSeen = epoch
        epochText = String(epoch)
      }
      into.epoch = epochText
      into.change = change
      return into
    },
    /** A render that starts now is current at this change. */
    startedAt(entry: object, change: number): void {
      currentAt.set(entry, change)
    },
    /**
     * Whether `entry` (found in this epoch) is still current; `page` is its finished page (a render still
     * under way may have read what changed: only a finished page knows what it shows).
     */
    isCurrent(entry: object, page: RenderedPage | undefined, state: PageState): boolean {
      const seen = currentAt.get(entry)
      if (seen === state.change) return true
      const changed = seen === undefined ? null : (keyed?.changedSince(seen) ?? null)
      if (!page || !changed || page.keys.some((key) => changed.has(key))) return false
      currentAt.set(entry, state.change)
      return true
    },
    /** Whether a page no longer current may be served stale: nothing it shows was taken down since. */
    mayServeStale(entry: object, page: RenderedPage): boolean {
      const seen = currentAt.get(entry)
      if (!keyed || seen === undefined) return true
      const changed = keyed.changedSince(seen)
      if (changed === null) return false
      return !removedAmong(changed).some((taken) => page.keys.includes(taken))
    },
  }
}
