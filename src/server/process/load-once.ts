/**
 * What a package gives once imported on its first use (scripts/first-use-packages.ts), kept for every later
 * call. Such a package is read from node_modules then, not from the server bundle: a failure to load it (a
 * file briefly unreadable, too many open files) is not kept, so the next call tries again instead of the
 * feature failing until the process restarts.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}
