/**
 * Asks `check` every `everyMs` until it says true (true) or `withinMs` pass (false): for what a test waits on
 * that comes in its own time (a purge, an email, a log line, a server back). The test asserts on the answer.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  withinMs: number,
  everyMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + withinMs
  while (!(await check())) {
    if (Date.now() >= deadline) return false
    await Bun.sleep(everyMs)
  }
  return true
}
