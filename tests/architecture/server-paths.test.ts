import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './source-files'

/**
 * The server also runs as one bundled module (scripts/build-server.ts), where every module's
 * `import.meta` is the bundle's: a path from a module's own folder would point elsewhere there. Paths to the
 * site's files start at src/server/repo-paths.ts, which is two folders down either way.
 */
test('server code finds its files from repo-paths.ts, never from its own folder', () => {
  const dir = join(ROOT, 'src', 'server')
  const offenders = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && path !== 'repo-paths.ts')
    .filter((path) => /import\.meta\.(dir|url|path|dirname|filename)\b/.test(readFileSync(join(dir, path), 'utf8')))
  expect(offenders).toEqual([])
})
