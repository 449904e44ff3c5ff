/**
 * An amount the process may hand out at once for one purpose (bytes of request bodies held in memory,
 * turns of work that keeps a core busy), first come, first served: a newcomer never overtakes those in
 * line. A taker that does not fit waits in line, at most `waitMs` and behind at most `queue` others;
 * otherwise it is refused at once, so a flood never piles up.
 */
export function createAllowance({ capacity, queue, waitMs }: { capacity: number; queue: number; waitMs: number }) {
  let held = 0
  const line: { bytes: number; grant: () => void }[] = []

  function grantWaiting() {
    while (line.length > 0 && held + line[0]!.bytes <= capacity) {
      const next = line.shift()!
      held += next.bytes
      next.grant()
    }
  }

  function release(bytes: number) {
    let released = false
    return () => {
      if (released) return
      released = true
      held -= bytes
      grantWaiting()
    }
  }

  /** A function that gives the amount back (harmless to call twice), or null when none came in time. */
  async function take(wanted: number): Promise<(() => void) | null> {
    const bytes = Math.min(wanted, capacity)
    if (line.length === 0 && held + bytes <= capacity) {
      held += bytes
      return release(bytes)
    }
    if (line.length >= queue) return null
    const granted = await new Promise<boolean>((resolve) => {
      const entry = {
        bytes,
        grant: () => {
          clearTimeout(timer)
          resolve(true)
        },
      }
      const timer = setTimeout(() => {
        line.splice(line.indexOf(entry), 1)
        resolve(false)
        // A large taker leaving may let smaller ones behind it in.
        grantWaiting()
      }, waitMs)
      line.push(entry)
    })
    return granted ? release(bytes) : null
  }

  return {
    /** The amount handed out now, for the metrics. */
    held: () => held,
    /** Takers waiting in line now. */
    waiting: () => line.length,
    take,
  }
}
