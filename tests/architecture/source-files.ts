import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { Glob } from 'bun'

export const ROOT = join(import.meta.dir, '..', '..')

export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string
  text: string
}

/** The hand-written TypeScript under `src` (tests excluded: they may reach into anything they test). */
export function sourceFiles(): SourceFile[] {
  return [...new Glob('src/**/*.{ts,tsx}').scanSync({ cwd: ROOT })]
    .filter((path) => !/\.test\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
    .sort()
    .map((path) => ({ path: path.replaceAll('\\', '/'), text: readFileSync(join(ROOT, path), 'utf8') }))
}

export interface ImportRef {
  /** As written: './x', 'react', … */
  specifier: string
  /** Erased at build time (`import type`, or every name marked `type`). */
  typeOnly: boolean
}

/** Type imports and re-exports, which the transpiler erases and so does not report. */
const TYPE_ONLY = /(?:^|[\n;])\s*(?:import|export)\s+type\s[^'";]*?from\s*['"]([^'"]+)['"]/g
const ALL_NAMES_TYPED = /(?:^|[\n;])\s*import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g
const transpilers = { ts: new Bun.Transpiler({ loader: 'ts' }), tsx: new Bun.Transpiler({ loader: 'tsx' }) }

/**
 * Every module a file names. What runs (static imports, re-exports, side-effect imports, `require`,
 * `import x = require`, dynamic `import()` with a literal or template path) comes from Bun's own
 * transpiler; what is erased (type imports) from the source text.
 */
export function importsOf(text: string, loader: 'ts' | 'tsx' = 'tsx'): ImportRef[] {
  const runtime = transpilers[loader].scanImports(text).map((found) => found.path)
  const typed = [
    ...[...text.matchAll(TYPE_ONLY)].map((match) => match[1]!),
    ...[...text.matchAll(ALL_NAMES_TYPED)]
      .filter(([, names = '']) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .every((name) => name.startsWith('type ')),
      )
      .map((match) => match[2]!),
  ]
  return [
    ...runtime.map((specifier) => ({ specifier, typeOnly: false })),
    ...typed.filter((specifier) => !runtime.includes(specifier)).map((specifier) => ({ specifier, typeOnly: true })),
  ]
}

/** A relative specifier as a path from the repository root; packages give null. */
export function resolveImport(fromPath: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return relative(ROOT, resolve(ROOT, dirname(fromPath), specifier)).replaceAll('\\', '/')
}
