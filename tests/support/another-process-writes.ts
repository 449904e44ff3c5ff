import { expect } from 'bun:test'
import { join } from 'node:path'

/** How long the other process holds the write lock: long past the reads a request makes before its write. */
const HOLD_MS = 800
const WRITE_LATER = join(import.meta.dir, 'write-later.ts')

/**
 * `work()` run while another process makes `changes` to the database at `databaseUrl`: that process has taken
 * the write lock and commits them after a while, once `work` has read what it checks and waits to write (decision
 * 0051). One request at a time: the embedded database's wait for its lock holds this whole process.
 */
export async function whileAnotherProcessWrites<T>(
  databaseUrl: string,
  changes: string[],
  work: () => Promise<T>,
): Promise<T> {
  const writer = Bun.spawn([process.execPath, WRITE_LATER, databaseUrl, String(HOLD_MS), ...changes], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const reader = writer.stdout.getReader()
  let said = ''
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    said += new TextDecoder().decode(part.value)
    if (said.endsWith('\n')) break
  }
  expect(said).toBe('locked\n')
  const done = await work()
  expect(await writer.exited).toBe(0)
  return done
}
