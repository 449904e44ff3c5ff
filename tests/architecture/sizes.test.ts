import { describe, expect, test } from 'bun:test'
import { sourceFiles } from './source-files'

const MAX_FILE_LINES = 300
const MAX_COMPONENT_LINES = 120
const MAX_COMPOSITION_LINES = 150
/**
 * The app's composition, kept small so a new feature adds a plugin instead of growing a shared file: the
 * composition root (app.ts and the services it wires, app-*.ts), each feature's plugin, the lifecycle's
 * rules and the pages.
 */
const isComposition = (path: string) =>
  /^src\/server\/(app(-[\w-]+)?\.ts|features\/[^/]+\/plugin\.ts|lifecycle\/[^/]+\.ts|pages\/[^/]+\.ts)$/.test(path) &&
  !path.endsWith('.test.ts')
/** Bundled content is data (posts, job texts), not code. */
const isContent = (path: string) => path.startsWith('src/content/')

/**
 * React components declared at the top level of a .tsx file (`function Name`, or `const Name =` an
 * arrow function, `memo(…)` or `forwardRef(…)`), with their length. The tree is formatted by Biome, so a
 * top-level declaration ends at the first later line that starts with `}` or `)` in the first column.
 */
export function componentsOf(text: string): { name: string; lines: number }[] {
  const lines = text.split('\n')
  const found: { name: string; lines: number }[] = []
  lines.forEach((line, start) => {
    const name =
      /^(?:export\s+)?(?:default\s+)?function\s+([A-Z]\w*)\s*[(<]/.exec(line)?.[1] ??
      /^(?:export\s+)?const\s+([A-Z]\w*)\s*(?::[^=]+)?=\s*(?:(?:memo|forwardRef)\s*(?:<[^>]*>)?\s*\(\s*)?(?:function\b|(?:async\s*)?(?:\(|\w+\s*=>))/.exec(
        line,
      )?.[1]
    if (!name) return
    const end = lines.findIndex((candidate, index) => index > start && /^[})]/.test(candidate))
    found.push({ name, lines: (end === -1 ? lines.length : end) - start + 1 })
  })
  return found
}

describe('sizes', () => {
  const files = sourceFiles()

  test(`no code file in src is longer than ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .filter((file) => !isContent(file.path))
      .map((file) => ({ path: file.path, lines: file.text.trimEnd().split('\n').length }))
      .filter((file) => file.lines > MAX_FILE_LINES)
    expect(long).toEqual([])
  })

  test(`no file of the app's composition is longer than ${MAX_COMPOSITION_LINES} lines`, () => {
    const composition = files.filter((file) => isComposition(file.path))
    expect(composition.map((file) => file.path)).toContain('src/server/app.ts')
    const long = composition
      .map((file) => ({ path: file.path, lines: file.text.trimEnd().split('\n').length }))
      .filter((file) => file.lines > MAX_COMPOSITION_LINES)
    expect(long).toEqual([])
  })

  test('the composition is found by its file names', () => {
    const paths = [
      'src/server/app.ts',
      'src/server/app-services.ts',
      'src/server/features/posts/plugin.ts',
      'src/server/lifecycle/request-context.ts',
      'src/server/pages/plugin.ts',
      'src/server/pages/admin-gate.test.ts',
      'src/server/features/posts/routes.ts',
      'src/server/render/page-cache.ts',
      'src/server/application.ts',
    ]
    expect(paths.filter(isComposition)).toEqual([
      'src/server/app.ts',
      'src/server/app-services.ts',
      'src/server/features/posts/plugin.ts',
      'src/server/lifecycle/request-context.ts',
      'src/server/pages/plugin.ts',
    ])
  })

  test(`no component is longer than ${MAX_COMPONENT_LINES} lines`, () => {
    const long = files
      .filter((file) => file.path.endsWith('.tsx'))
      .flatMap((file) => componentsOf(file.text).map((component) => ({ ...component, path: file.path })))
      .filter((component) => component.lines > MAX_COMPONENT_LINES)
    expect(long).toEqual([])
  })

  test('components are measured from their declaration to their closing brace', () => {
    const text = [
      'import x from "y"',
      'export function Card() {',
      '  return (',
      '    <p>hi</p>',
      '  )',
      '}',
      '',
      'function helper() {}',
      'export const Arrow = ({ a }: Props) => {',
      '  return <p>{a}</p>',
      '}',
      'const Memoised = memo(function Inner() {',
      '  return null',
      '})',
      'export const Forwarded = forwardRef<HTMLDivElement, Props>((props, ref) => (',
      '  <div ref={ref} />',
      '))',
      'const LIMIT = 3',
      'const Theme = createContext(null)',
    ].join('\n')
    expect(componentsOf(text)).toEqual([
      { name: 'Card', lines: 5 },
      { name: 'Arrow', lines: 3 },
      { name: 'Memoised', lines: 3 },
      { name: 'Forwarded', lines: 3 },
    ])
  })
})
