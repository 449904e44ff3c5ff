import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './source-files'

/**
 * `await expect(promise).resolves` on a promise the browser settles (a Playwright call) takes up to a second
 * in Bun 1.4's test runner where `expect(await promise)` takes milliseconds: 150 of them made the browser
 * journeys a third slower. Browser tests await first, then expect.
 */
test('browser tests await Playwright calls before expecting, never through .resolves', () => {
  const dir = join(ROOT, 'tests', 'e2e')
  const offenders = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .flatMap((path) =>
      readFileSync(join(dir, path), 'utf8')
        .split('\n')
        .flatMap((line, index) => (line.includes('.resolves.') ? [`tests/e2e/${path}:${index + 1}`] : [])),
    )
  expect(offenders).toEqual([])
})
