import { EVERY_KEY } from './surrogate-keys'

/** How many of the newest changes a process remembers; a page older than all of them is made again. */
const REMEMBERED = 500

export interface LoggedChange {
  id: number
  version: string
  keys: string
}

/**
 * The keyed changes this process has read from `content_changes`, so its page cache can ask what changed
 * since a page was made and drop only the pages that show it. `epoch` turns over when everything may have
 * changed (a scheduled post came due, a write that logged no keys, more changes than are remembered): a
 * page made in an earlier epoch is not current.
 */
export function createChangeLog() {
  let epoch = 0
  /** The newest change read; -1 before the first read. */
  let latest = -1
  /** What changed since a change is known for changes from this one on. */
  let oldest = -1
  let recent: { id: number; keys: readonly string[] }[] = []
  /** The version row at the last read. */
  let lastVersion = ''

  const turnOver = () => {
    epoch++
    recent = []
    oldest = latest
  }

  return {
    epoch: () => epoch,
    latest: () => latest,
    turnOver,
    /**
     * Takes what a read of the database found: the newest rows since `latest` (all of them, or `more` when
     * there were more than were read), the newest change (on the first read), and the version row.
     */
    read({
      rows,
      newest,
      version,
      more,
    }: {
      rows: LoggedChange[]
      newest: number | null
      version: string
      more: boolean
    }) {
      if (latest < 0) {
        latest = newest ?? 0
        oldest = latest
        lastVersion = version
        return
      }
      for (const row of rows) {
        // Two reads begun together bring the same rows: each is taken once.
        if (row.id <= latest) continue
        latest = row.id
        if (row.keys === EVERY_KEY) turnOver()
        else recent.push({ id: row.id, keys: row.keys.split(' ') })
      }
      // The version row moved with no change of ours behind it: an older release wrote it, keyless.
      // (The row read before the log may be older than the rows: it is then the version one of them replaced.)
      const explained = version === lastVersion || rows.some((row) => row.version === version)
      // The newest version known: the last row's, when the row was read before it was written.
      lastVersion = rows.at(-1)?.version ?? version
      if (more || !explained) turnOver()
      if (recent.length > REMEMBERED) {
        recent = recent.slice(-REMEMBERED)
        oldest = recent[0]!.id - 1
      }
    },
    /** The keys changed after change `since`, or null when that is not known (too long ago): treat it as all. */
    changedSince(since: number): Set<string> | null {
      if (since < oldest) return null
      const keys = new Set<string>()
      for (let i = recent.length - 1; i >= 0 && recent[i]!.id > since; i--)
        for (const key of recent[i]!.keys) keys.add(key)
      return keys
    },
  }
}
