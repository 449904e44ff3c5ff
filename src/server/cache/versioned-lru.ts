/**
 * A bounded map (least recently used goes first) whose entries only count while the content version
 * they were made under is current. Both in-memory caches of public content are built on it.
 */
export function createVersionedLru<Value>(maxEntries: number) {
  const entries = new Map<string, { version: string; value: Value }>()

  return {
    size: () => entries.size,
    get(key: string, version: string): Value | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      entries.delete(key)
      if (hit.version !== version) return undefined
      entries.set(key, hit)
      return hit.value
    },
    set(key: string, version: string, value: Value): void {
      entries.delete(key)
      entries.set(key, { version, value })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    },
    /** Drops the entry only if it still holds this value (a newer one may have replaced it). */
    forget(key: string, value: Value): void {
      if (entries.get(key)?.value === value) entries.delete(key)
    },
  }
}
