/**
 * `bun run bench:start-up-against <checkout> [rounds]`: spawn to the first 200 on `/` of this checkout's
 * production server against another checkout's (already built: `bun run build` there), taking turns, each on
 * a database its own first start migrated and seeded (their migrations may differ), so a start-up change is measured against its parent in one run rather than against
 * a figure from another day (starts on these machines drift by 20 % and more). Prints both medians and every
 * start, sorted.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSite } from './processes'

const [other, roundsArgument = '12'] = process.argv.slice(2)
if (!other) {
  console.error('usage: bun run bench:start-up-against <checkout> [rounds]')
  process.exit(1)
}
const rounds = Number(roundsArgument)
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`rounds must be a whole number above 0, not ${roundsArgument}`)
  process.exit(1)
}
// Without its bundle the other side would start from source: another measure altogether.
if (!existsSync(join(other, 'dist', 'server', 'main.js'))) {
  console.error(`${other} has no dist/server/main.js: run \`bun run build\` there first`)
  process.exit(1)
}
const env = { ADMIN_PASSWORD: 'bench-password-1', LOG_REQUESTS: 'false' }
const sides = ['this', 'other'] as const
const checkout = (side: (typeof sides)[number]) => (side === 'this' ? undefined : other)
const dirs = {
  this: mkdtempSync(join(tmpdir(), 'bench-start-up-this-')),
  other: mkdtempSync(join(tmpdir(), 'bench-start-up-other-')),
}
const starts: Record<(typeof sides)[number], number[]> = { this: [], other: [] }
try {
  for (const side of sides) await (await startSite(`${side}, migrating`, env, checkout(side), dirs[side])).stop()
  for (let round = 0; round < rounds; round++) {
    // Each goes first in every other round.
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const site = await startSite(side, env, checkout(side), dirs[side])
      starts[side].push(site.coldStartMs)
      await site.stop()
    }
  }
} finally {
  for (const side of sides) rmSync(dirs[side], { recursive: true, force: true })
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!
console.log(`Spawn to the first 200 on / on a migrated database, ${rounds} starts each, taking turns`)
for (const side of sides)
  console.log(
    `  ${side === 'this' ? 'this checkout ' : `${other}`.padEnd(14)} median ${median(starts[side])} ms   (${sorted(starts[side]).join(', ')})`,
  )
