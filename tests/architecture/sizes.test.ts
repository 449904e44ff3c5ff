import { describe, expect, test } from 'bun:test'
import { sourceFiles } from './source-files'

const MAX_FILE_LINES = 300
const MAX_COMPONENT_LINES = 120
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
