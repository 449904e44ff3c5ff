/**
 * Start-up and memory of the production server beside the limit server: spawn to the first 200 on `/` on
 * a fresh database (migrated and seeded at start) and on one already migrated (a restart, a new replica),
 * the RSS once the start is over, and after ten 4 MB photo uploads once their image process has ended.
 * `bun run bench:start-up [checkout]` runs only this (about a minute), of this checkout or another;
 * `bun run bench` runs it with the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { childPids, rssMB, startLimit, startSite, treeRssMB } from './processes'
import { recordResponse } from './replay'
import { benchUpload } from './upload'

const ADMIN_PASSWORD = 'bench-password-1'
const RUNS = 5
const UPLOADS = 10
/** Past the warm-up's budget (process/warm-up.ts): the start is over. */
const SETTLE_MS = 6_000
/** Past the image process's idle time (media/image-processor.ts), it must be gone. */
const IMAGE_PROCESS_GONE_MS = 20_000

export interface StartUpFigures {
  runs: number
  /** Medians of `runs` starts each. */
  coldStartMs: { fresh: number; migrated: number; limit: number }
  idleRssMB: { site: number; limit: number }
  uploads: { count: number; megabytes: number; rssMB: number; overIdleMB: number; imageProcessEnded: boolean }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function untilNoChildren(pid: number): Promise<boolean> {
  const deadline = performance.now() + IMAGE_PROCESS_GONE_MS
  while (childPids(pid).length > 0) {
    if (performance.now() > deadline) return false
    await Bun.sleep(250)
  }
  return true
}

/** Of the checkout at `cwd` (another revision's, say). */
export async function benchStartUp(cwd?: string): Promise<StartUpFigures> {
  const fresh: number[] = []
  const migrated: number[] = []
  const limitStarts: number[] = []
  let idle = { site: 0, limit: 0 }
  let uploads: StartUpFigures['uploads'] | null = null
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-start-up-'))
    try {
      const first = await startSite('site, fresh database', { ADMIN_PASSWORD }, cwd, dir)
      fresh.push(first.coldStartMs)
      await first.stop()
      const site = await startSite('site, migrated database', { ADMIN_PASSWORD }, cwd, dir)
      migrated.push(site.coldStartMs)
      const limit = await startLimit('limit', [await recordResponse(`${site.url}/`)])
      limitStarts.push(limit.coldStartMs)
      if (run === RUNS - 1) {
        await Bun.sleep(SETTLE_MS)
        idle = { site: treeRssMB(site.pid), limit: rssMB(limit.pid) }
        const { upload } = await benchUpload(site.url, ADMIN_PASSWORD, UPLOADS)
        const imageProcessEnded = await untilNoChildren(site.pid)
        const after = treeRssMB(site.pid)
        uploads = {
          count: UPLOADS,
          megabytes: upload.megabytes,
          rssMB: Math.round(after),
          overIdleMB: Math.round(after - idle.site),
          imageProcessEnded,
        }
      }
      await limit.stop()
      await site.stop()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return {
    runs: RUNS,
    coldStartMs: { fresh: median(fresh), migrated: median(migrated), limit: median(limitStarts) },
    idleRssMB: { site: Math.round(idle.site), limit: Math.round(idle.limit) },
    uploads: uploads!,
  }
}

export function startUpLines(figures: StartUpFigures): string[] {
  const { coldStartMs: cold, idleRssMB: idle, uploads } = figures
  return [
    `Start-up, median of ${figures.runs}: spawn to the first 200 on / (limit server ${cold.limit} ms)`,
    `  fresh database, migrated and seeded at start   ${cold.fresh} ms   (goal: < 1000 ms)`,
    `  database already migrated                     ${cold.migrated} ms   (goal: < 400 ms)`,
    `Idle RSS after start: site ${idle.site} MB (goal: < 150 MB), limit server ${idle.limit} MB`,
    `RSS after ${uploads.count} uploads of ${uploads.megabytes} MB photos: ${uploads.rssMB} MB, ${uploads.overIdleMB} MB over idle (goal: < 30 MB); image process ${uploads.imageProcessEnded ? 'ended' : 'STILL RUNNING'}`,
  ]
}

if (import.meta.main) {
  for (const line of startUpLines(await benchStartUp(process.argv[2]))) console.log(line)
}
