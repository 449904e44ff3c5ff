/**
 * A least-recently-used map bounded by the bytes of its values rather than their count, for caches of
 * files whose sizes differ by orders of magnitude.
 */
export function createByteLru<Value extends { size: number }>(maxBytes: number) {
  const entries = new Map<string, Value>()
  let bytes = 0

  return {
    bytes: () => bytes,
    get(key: string): Value | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      entries.delete(key)
      entries.set(key, hit)
      return hit
    },
    set(key: string, value: Value): void {
      this.delete(key)
      if (value.size > maxBytes) return
      entries.set(key, value)
      bytes += value.size
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= entry.size
      }
    },
    delete(key: string): void {
      const existing = entries.get(key)
      if (!existing) return
      entries.delete(key)
      bytes -= existing.size
    },
  }
}
