import { describe, expect, test } from 'bun:test'
import { circlesOf, importGraph } from './import-graph'
import { type ImportRef, importsOf, resolveImport, sourceFiles } from './source-files'

interface Rule {
  name: string
  /** Whether `from` may not import `target` (both paths from the repository root). */
  forbids(from: string, target: string, ref: ImportRef): boolean
}

const page = (path: string) => /^src\/app\/pages\/([^/]+)\//.exec(path)?.[1]
const feature = (path: string) => /^src\/server\/features\/([^/]+)\//.exec(path)?.[1]
const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`))
const INFRASTRUCTURE = [
  'src/server/db',
  'src/server/http',
  'src/server/auth',
  'src/server/audit',
  'src/server/cache',
  'src/server/observability',
  'src/server/ops',
  'src/server/tasks',
  'src/server/mail',
  'src/server/webhooks',
]

/** Design §3's rules of the house, checked on every import of every source file. */
const RULES: Rule[] = [
  {
    name: 'browser code and shared code never import the server',
    forbids: (from, target) => under(from, 'src/app', 'src/shared') && under(target, 'src/server'),
  },
  {
    name: 'src/shared is pure: it imports only src/shared',
    forbids: (from, target) => under(from, 'src/shared') && under(target, 'src') && !under(target, 'src/shared'),
  },
  {
    name: 'bundled content imports only content and shared code',
    forbids: (from, target) =>
      under(from, 'src/content') && under(target, 'src') && !under(target, 'src/content', 'src/shared'),
  },
  {
    name: 'src never imports scripts or tests',
    forbids: (_from, target) => under(target, 'scripts', 'tests'),
  },
  {
    name: "a feature never runs another feature's code (types of injected services aside)",
    forbids: (from, target, ref) =>
      !ref.typeOnly &&
      feature(from) !== undefined &&
      feature(target) !== undefined &&
      feature(from) !== feature(target),
  },
  {
    // Analytics write no content: their roll-up must not turn the pages' caches over.
    name: "features write content inside the content version's transaction, never a bare write transaction",
    forbids: (from, target, ref) =>
      !ref.typeOnly &&
      feature(from) !== undefined &&
      feature(from) !== 'analytics' &&
      target === 'src/server/db/write-transaction',
  },
  {
    name: 'database, HTTP, auth, cache, observability, operations, task, mail and webhook delivery modules never import features or the renderer',
    forbids: (from, target) =>
      (under(from, ...INFRASTRUCTURE) || from === 'src/server/config.ts') &&
      under(target, 'src/server/features', 'src/server/render'),
  },
  {
    name: "the server never uses the browser's data implementation (its HTTP client and entry)",
    forbids: (from, target) =>
      under(from, 'src/server') &&
      ['src/app/data/api-request', 'src/app/data/browser-data', 'src/app/entry.client'].includes(target),
  },
  {
    name: 'the lifecycle and the pages use features only through the types of what app.ts hands them',
    forbids: (from, target, ref) =>
      !ref.typeOnly && under(from, 'src/server/lifecycle', 'src/server/pages') && under(target, 'src/server/features'),
  },
  {
    name: "a page never imports another page's internals (what pages share lives in src/app/components)",
    forbids: (from, target) => page(from) !== undefined && page(target) !== undefined && page(from) !== page(target),
  },
  {
    name: 'components shared by pages never import a page',
    forbids: (from, target) => under(from, 'src/app/components') && page(target) !== undefined,
  },
  {
    name: 'the renderer uses features only through the types of the services it is given',
    forbids: (from, target, ref) =>
      !ref.typeOnly && under(from, 'src/server/render') && under(target, 'src/server/features'),
  },
]

describe('import boundaries', () => {
  const files = sourceFiles()

  test.each(RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    const violations = files.flatMap((file) =>
      importsOf(file.text, file.path.endsWith('.tsx') ? 'tsx' : 'ts').flatMap((ref) => {
        const target = resolveImport(file.path, ref.specifier)
        return target && rule.forbids(file.path, target, ref) ? [`${file.path} imports ${ref.specifier}`] : []
      }),
    )
    expect(violations).toEqual([])
  })

  test('no import circle in src, type imports included', () => {
    expect(circlesOf(importGraph(files)).map((circle) => circle.join(' → '))).toEqual([])
  })

  test('the circle finder sees a circle through a type import, and none in a chain', () => {
    const file = (path: string, text: string) => ({ path, text })
    const circle = importGraph([
      file('src/a.ts', "import { b } from './b'"),
      file('src/b.ts', "import { c } from './c/index'"),
      file('src/c/index.ts', "import type { A } from '../a'"),
    ])
    expect(circlesOf(circle)).toEqual([['src/a.ts', 'src/b.ts', 'src/c/index.ts', 'src/a.ts']])
    const chain = importGraph([file('src/a.ts', "import { b } from './b'"), file('src/b.ts', "import 'react'")])
    expect(circlesOf(chain)).toEqual([])
  })

  test('the scanner sees every way a module can be named', () => {
    const code = [
      "import { a } from './static'",
      "import type { B } from './type-only'",
      "import { type C, type D } from './all-typed'",
      "import { type E, f } from './mixed'",
      "import G, { type H } from './default-and-type'",
      'import {\n  i,\n  j,\n} from "./multi-line"',
      "export { k } from './re-export'",
      "export * from './star'",
      "export type { L } from './type-re-export'",
      "import './side-effect.css'",
      "const n = require('./require')",
      "import o = require('./import-equals')",
      "const lazy = () => import('./dynamic')",
      'const template = () => import(`./template`)',
      "const p = 1; import('./after-a-statement')",
      'console.log(a, f, G, i, j, n, o)',
    ].join('\n')
    const found = importsOf(code)
    expect(
      found
        .filter((ref) => !ref.typeOnly)
        .map((ref) => ref.specifier)
        .sort(),
    ).toEqual(
      [
        './static',
        './mixed',
        './default-and-type',
        './multi-line',
        './re-export',
        './star',
        './side-effect.css',
        './require',
        './import-equals',
        './dynamic',
        './template',
        './after-a-statement',
      ].sort(),
    )
    expect(
      found
        .filter((ref) => ref.typeOnly)
        .map((ref) => ref.specifier)
        .sort(),
    ).toEqual(['./all-typed', './type-only', './type-re-export'].sort())
    expect(resolveImport('src/app/pages/x.tsx', '../../server/app')).toBe('src/server/app')
    expect(resolveImport('src/app/pages/x.tsx', 'react')).toBeNull()
  })
})

test('sessions are ended only in auth/sessions.ts, where ending all of a person’s moves their sign-in generation on', () => {
  // endSessionsOf (decision 0052): a plain delete elsewhere would let a sign-in under way outlive it.
  const endingSessions = /\.delete\(\s*sessions\s*\)/
  const elsewhere = sourceFiles()
    .filter((file) => endingSessions.test(file.text))
    .map((file) => file.path)
  expect(elsewhere).toEqual(['src/server/auth/sessions.ts'])
})
