import { expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, resolveImport } from './source-files'

/**
 * Packages the first request needs none of, and whose evaluation was a measurable share of a start (bench:
 * start-up, decision 0042): they are imported with `import()` where used (or required in a function), never
 * by a module the start evaluates.
 */
const LOADED_ON_FIRST_USE = [
  '@simplewebauthn/server',
  '@sindresorhus/transliterate',
  '@date-fns/utc',
  '@zxcvbn-ts/language-common',
  'fflate',
  'ical-generator',
  'nodemailer',
  'node:http',
  'node:https',
  'node:net',
  'prom-client',
  'sanitize-html',
]

const transpilers = { ts: new Bun.Transpiler({ loader: 'ts' }), tsx: new Bun.Transpiler({ loader: 'tsx' }) }

/** The files a module evaluates at once: its static imports, and theirs, from the server's entry. */
function evaluatedAtStart(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>()
  const queue = [entry]
  while (queue.length > 0) {
    const path = queue.pop()!
    if (packages.has(path)) continue
    const statics = transpilers[path.endsWith('.tsx') ? 'tsx' : 'ts']
      .scanImports(readFileSync(join(ROOT, path), 'utf8'))
      .filter((found) => found.kind === 'import-statement')
      .map((found) => found.path)
    packages.set(
      path,
      statics.filter((specifier) => !specifier.startsWith('.')),
    )
    for (const specifier of statics) {
      const target = resolveImport(path, specifier)
      const file =
        target &&
        [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, target].find((name) =>
          statSync(join(ROOT, name), { throwIfNoEntry: false })?.isFile(),
        )
      if (file) queue.push(file)
    }
  }
  return packages
}

test('the start evaluates none of the packages the first request does not need', () => {
  const reached = evaluatedAtStart('src/server/main.ts')
  expect(reached.size).toBeGreaterThan(100)
  const eager = [...reached].flatMap(([path, packages]) =>
    packages.filter((name) => LOADED_ON_FIRST_USE.includes(name)).map((name) => `${path} imports ${name}`),
  )
  expect(eager).toEqual([])
})
