import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Samples = { ms: number[]; failures: number }

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN

/**
 * A bystander process asking `paths` of the server every 50 ms (bystander-probe.ts). `mark()` starts a new
 * set of samples (the quiet before a flood, then the flood); `stop()` gives every set of every path.
 */
export function startBystander(url: string, paths: string[]) {
  const probe = Bun.spawn(['bun', join(import.meta.dir, 'bystander-probe.ts'), url, paths.join(',')], {
    stdin: 'pipe',
    stdout: 'pipe',
  })
  return {
    mark() {
      probe.stdin.write('mark\n')
      probe.stdin.flush()
    },
    async stop(): Promise<Record<string, Samples[]>> {
      probe.stdin.end()
      return JSON.parse(await new Response(probe.stdout).text())
    },
  }
}

/** The process's resident memory now and its peak so far (VmHWM), in MB. */
export function memoryMB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kB = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return { rss: Math.round(kB('VmRSS') / 1024), peak: Math.round(kB('VmHWM') / 1024) }
}
