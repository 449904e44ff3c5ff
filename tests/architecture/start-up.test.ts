import { expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { ROOT, resolveImport } from './source-files'

/**
 * Packages the first request needs none of, and whose evaluation was a measurable share of a start (bench:
 * start-up, decision 0042): they are imported with `import()` where used (or required in a function), never
 * by a module the start evaluates. A name covers its subpaths; Node's modules are named with or without `node:`.
 */
const LOADED_ON_FIRST_USE = [
  '@simplewebauthn/server',
  '@sindresorhus/transliterate',
  '@date-fns/utc',
  '@zxcvbn-ts/language-common',
  'fflate',
  'ical-generator',
  'isbot',
  'bowser',
  'nodemailer',
  'node:http',
  'node:https',
  'node:net',
  'prom-client',
  'sanitize-html',
]
/** The light parts of those packages, which the start may use: the UTC date without its Intl formatters. */
const LIGHT_PARTS = ['@date-fns/utc/date/mini']

const isLoadedOnFirstUse = (specifier: string) => {
  const name = builtinModules.includes(specifier) ? `node:${specifier}` : specifier
  return (
    !LIGHT_PARTS.includes(name) &&
    LOADED_ON_FIRST_USE.some((listed) => name === listed || name.startsWith(`${listed}/`))
  )
}

const transpilers = { ts: new Bun.Transpiler({ loader: 'ts' }), tsx: new Bun.Transpiler({ loader: 'tsx' }) }

/** The files a module evaluates at once: its static imports, and theirs, from the server's entry. */
function evaluatedAtStart(entry: string): { packages: Map<string, string[]>; unresolved: string[] } {
  const packages = new Map<string, string[]>()
  const unresolved: string[] = []
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
      else if (target) unresolved.push(`${path}: ${specifier}`)
    }
  }
  return { packages, unresolved }
}

test('the start evaluates none of the packages the first request does not need', () => {
  const { packages, unresolved } = evaluatedAtStart('src/server/main.ts')
  // The walk reached the whole server, every relative import found.
  expect(packages.size).toBeGreaterThan(100)
  expect(unresolved).toEqual([])
  const eager = [...packages].flatMap(([path, names]) =>
    names.filter(isLoadedOnFirstUse).map((name) => `${path} imports ${name}`),
  )
  expect(eager).toEqual([])
})

test('a listed package is recognised by its subpaths, and a Node module with or without node:', () => {
  expect(['net', 'node:https', '@simplewebauthn/server/helpers', '@date-fns/utc/date'].map(isLoadedOnFirstUse)).toEqual(
    [true, true, true, true],
  )
  expect(['@date-fns/utc/date/mini', 'node:dns', 'elysia', 'react-dom/server'].map(isLoadedOnFirstUse)).toEqual([
    false,
    false,
    false,
    false,
  ])
})
