/**
 * What a package gives once imported on its first use (scripts/first-use-packages.ts), kept for every later
 * call. Such a package is read from node_modules then, not from the server bundle: a failure to load it (a
 * file briefly unreadable, too many open files) is not kept, so the next call tries again instead of the
 * feature failing until the process restarts. (Bun 1.4.5 may still keep a failure met while it resolves the
 * package's folder, or stop the process when it runs out of file descriptors there.)
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}

/**
 * The same for a synchronous caller: the package is required on the first call, not when the module naming it
 * is evaluated (the bundler would keep that failure for good), and a failed require is tried again next call.
 */
export function requireOnce<T>(load: () => T): () => T {
  let loaded: T | undefined
  return () => {
    loaded ??= load()
    return loaded
  }
}
