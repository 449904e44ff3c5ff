/**
 * A bounded map (least recently used goes first) whose entries only count while the content version
 * they were made under is current. Both in-memory caches of public content are built on it.
 *
 * Bounded in entries and in bytes: a value's size is given when it is known (for a promise, once it has
 * settled, through `weigh`), and the oldest entries go until both bounds hold. A value larger than the
 * whole byte budget is not kept at all.
 */
export function createVersionedLru<Value>(
  maxEntries: number,
  maxBytes = Number.POSITIVE_INFINITY,
  /** Leave an entry of another version in place (until replaced or pushed out), for `latest` to find. */
  keepOld = false,
) {
  const entries = new Map<string, { version: string; value: Value; bytes: number }>()
  let bytes = 0

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }
  const trim = () => {
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) return
      drop(key)
    }
  }

  return {
    size: () => entries.size,
    bytes: () => bytes,
    get(key: string, version: string): Value | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      if (hit.version !== version) {
        if (!keepOld) drop(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, hit)
      return hit.value
    },
    set(key: string, version: string, value: Value, size = 0): void {
      drop(key)
      if (size > maxBytes) return
      entries.set(key, { version, value, bytes: size })
      bytes += size
      trim()
    },
    /** The size of this value, now known; it counts against the budget from here on. */
    weigh(key: string, value: Value, size: number): void {
      const entry = entries.get(key)
      if (entry?.value !== value) return
      if (size > maxBytes) {
        drop(key)
        return
      }
      bytes += size - entry.bytes
      entry.bytes = size
      trim()
    },
    /** The value under `key` whatever its version, left where it is in the order. */
    latest: (key: string): Value | undefined => entries.get(key)?.value,
    /** Drops the entry only if it still holds this value (a newer one may have replaced it). */
    forget(key: string, value: Value): void {
      if (entries.get(key)?.value === value) drop(key)
    },
  }
}
