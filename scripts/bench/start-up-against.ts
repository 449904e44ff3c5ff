/**
 * `bun run bench:start-up-against <checkout> [rounds]`: spawn to the first 200 on `/` of this checkout's
 * production server against another checkout's (already built: `bun run build` there), taking turns on the
 * same migrated database, so a start-up change is measured against its parent in one run rather than against
 * a figure from another day (starts on these machines drift by 20 % and more). Prints both medians and every
 * start, sorted.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSite } from './processes'

const [other, roundsArgument = '12'] = process.argv.slice(2)
if (!other) {
  console.error('usage: bun run bench:start-up-against <checkout> [rounds]')
  process.exit(1)
}
const rounds = Number(roundsArgument)
const env = { ADMIN_PASSWORD: 'bench-password-1', LOG_REQUESTS: 'false' }
const dir = mkdtempSync(join(tmpdir(), 'bench-start-up-against-'))
const starts: Record<'this' | 'other', number[]> = { this: [], other: [] }
try {
  // The first start migrates and seeds the database both then start on.
  await (await startSite('migrating', env, undefined, dir)).stop()
  for (let round = 0; round < rounds; round++) {
    // Each goes first in every other round.
    const order: ('this' | 'other')[] = round % 2 === 0 ? ['this', 'other'] : ['other', 'this']
    for (const side of order) {
      const site = await startSite(side, env, side === 'this' ? undefined : other, dir)
      starts[side].push(site.coldStartMs)
      await site.stop()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!
console.log(`Spawn to the first 200 on / on a migrated database, ${rounds} starts each, taking turns`)
for (const side of ['this', 'other'] as const)
  console.log(
    `  ${side === 'this' ? 'this checkout ' : `${other}`.padEnd(14)} median ${median(starts[side])} ms   (${sorted(starts[side]).join(', ')})`,
  )
