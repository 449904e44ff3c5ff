import { isDatabaseUnreachable } from '../db/errors'
import { shareJson } from '../http/compression'
import type { ContentVersion, CurrentContentVersion } from './content-version'
import { removedAmong } from './surrogate-keys'
import { createVersionedLru } from './versioned-lru'

/** What a result weighs, near enough: the length of its JSON (the strings are most of it). */
const weight = (key: string, result: unknown) => key.length + (JSON.stringify(result)?.length ?? 0)

/** A remembered read, which can also say what it holds now without reading (undefined when nothing). */
export type RememberedRead<Args extends unknown[], Result> = ((...args: Args) => Promise<Result>) & {
  held(...args: Args): Promise<Result | undefined>
}

/**
 * What `read` holds for these arguments now, if it is a remembered read (`versionedReads`); undefined when
 * it holds nothing or remembers nothing. A read no cache holds may then wait its turn (render/fair-reads.ts).
 */
export function heldBy<Args extends unknown[], Result>(
  read: (...args: Args) => Promise<Result>,
  ...args: Args
): Promise<Result | undefined> | undefined {
  return (read as Partial<RememberedRead<Args, Result>>).held?.(...args)
}

/**
 * Public reads remembered until the content version changes, for reads whose results depend only on
 * stored content (the version also turns over when a scheduled post comes due or a job's closing date
 * passes). The promise itself is kept, so concurrent misses share one query; a failed one is forgotten.
 * A read that fails because the database cannot be reached answers what it answered before, if anything
 * and if nothing was taken down since (stale rather than down, as the page cache does). Bounded in entries
 * and bytes.
 */
export function versionedReads(
  version: CurrentContentVersion & Partial<Pick<ContentVersion, 'pages' | 'changedSince'>>,
  maxEntries: number,
  maxBytes: number,
) {
  const entries = createVersionedLru<Promise<unknown>>(maxEntries, maxBytes, true)
  /** The newest change each read was made after, so an outage's fallback can tell what was taken down since. */
  const madeAt = new WeakMap<Promise<unknown>, number>()
  /**
   * Whether an older read may stand in for a failed one: nothing has been taken down since it was made. A
   * version that cannot say (a render thread's, told the main thread's: `changedSince` is null) never lets
   * it; one that keeps no changes at all (a test's plain version) always does.
   */
  const mayStandIn = (before: Promise<unknown>) => {
    const at = madeAt.get(before)
    if (!version.changedSince) return true
    if (at === undefined) return false
    const changed = version.changedSince(at)
    return changed !== null && removedAmong(changed).length === 0
  }
  const keyOf = (name: string, args: unknown[]) => `${name}|${JSON.stringify(args)}`
  return function remember<Args extends unknown[], Result>(
    name: string,
    read: (...args: Args) => Promise<Result>,
  ): RememberedRead<Args, Result> {
    const remembered = async (...args: Args): Promise<Result> => {
      const key = keyOf(name, args)
      const current = await version.current()
      const hit = entries.get(key, current)
      if (hit) return hit as Promise<Result>
      const before = entries.latest(key)
      const value = read(...args)
      entries.set(key, current, value)
      if (version.pages) madeAt.set(value, version.pages().change)
      value.then(
        (result) => {
          entries.weigh(key, value, weight(key, result))
          // The API sends it to everyone who asks until the version turns: compressed once for all of them.
          shareJson(result)
        },
        (error) => {
          entries.forget(key, value)
          // Kept, no longer current, for the rest of the outage.
          if (before && isDatabaseUnreachable(error) && !entries.latest(key)) entries.set(key, '', before)
        },
      )
      if (!before) return value
      return value.catch((error) => {
        if (isDatabaseUnreachable(error) && mayStandIn(before)) return before as Promise<Result>
        throw error
      })
    }
    const held = async (...args: Args) =>
      entries.get(keyOf(name, args), await version.current()) as Promise<Result> | undefined
    return Object.assign(remembered, { held })
  }
}

/**
 * One read without arguments (a setting every page shows), remembered until the content version changes:
 * concurrent callers share its promise, and a failed one is forgotten.
 */
export function rememberedPerVersion<T>(version: CurrentContentVersion, read: () => Promise<T>): () => Promise<T> {
  let remembered: { version: string; value: Promise<T> } | null = null
  return async () => {
    const current = await version.current()
    if (remembered?.version !== current) {
      const value = read()
      remembered = { version: current, value }
      value.catch(() => {
        if (remembered?.value === value) remembered = null
      })
    }
    return remembered.value
  }
}
