import { expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { bundleExternals, isLoadedOnFirstUse, packagesLeftOutOfTheBundle } from '../../scripts/first-use-packages'
import { ROOT, resolveImport } from './source-files'

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

test('the server bundle leaves out the listed packages with their subpaths, but not one the start may use', () => {
  const externals = bundleExternals()
  expect(externals).toEqual(packagesLeftOutOfTheBundle().flatMap((name) => [name, `${name}/*`]))
  expect(externals).toContain('nodemailer')
  expect(externals).toContain('quill/*')
  expect(readFileSync(join(ROOT, 'scripts', 'build-server.ts'), 'utf8')).toContain(
    "external: ['sharp', ...bundleExternals()]",
  )
  const kept = ['@date-fns/utc', 'prom-client', 'node:']
  expect(externals.filter((name) => kept.some((start) => name.startsWith(start)))).toEqual([])
})

test('every package the server bundle leaves out is a dependency, which the container installs', async () => {
  const { dependencies } = (await Bun.file(join(ROOT, 'package.json')).json()) as {
    dependencies: Record<string, string>
  }
  expect(packagesLeftOutOfTheBundle().filter((name) => !(name in dependencies))).toEqual([])
})
