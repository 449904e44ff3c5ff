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

const STATIC = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g
const BARE = /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** Every module a file names: static imports and re-exports, side-effect imports and dynamic `import()`. */
export function importsOf(text: string): ImportRef[] {
  const found: ImportRef[] = []
  for (const [, typeKeyword, clause = '', specifier = ''] of text.matchAll(STATIC)) {
    const names = /\{([^}]*)\}/.exec(clause)?.[1]
    const allNamesTyped =
      names !== undefined &&
      !/^[\s\w]+,/.test(clause) &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '))
    found.push({ specifier, typeOnly: Boolean(typeKeyword) || allNamesTyped })
  }
  for (const [, specifier = ''] of text.matchAll(BARE)) found.push({ specifier, typeOnly: false })
  for (const [, specifier = ''] of text.matchAll(DYNAMIC)) found.push({ specifier, typeOnly: false })
  return found
}

/** A relative specifier as a path from the repository root; packages give null. */
export function resolveImport(fromPath: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return relative(ROOT, resolve(ROOT, dirname(fromPath), specifier)).replaceAll('\\', '/')
}
