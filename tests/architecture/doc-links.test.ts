import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ROOT } from './source-files'

/** README.md and every Markdown file under docs, as paths from the repository root. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path.replaceAll('\\', '/')}`)
    .sort()
  return ['README.md', ...docs]
}

/**
 * The text without fenced code blocks (``` or ~~~, closed by a fence of the same character at least as
 * long, or by the end of the file). Lines are kept as empty ones, so nothing else moves.
 */
function withoutFences(text: string): string {
  let fence: string | undefined
  return text
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
      if (fence === undefined) {
        if (marker === undefined) return line
        fence = marker
        return ''
      }
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined
      return ''
    })
    .join('\n')
}

/** The text without inline code: a run of backticks to the next run as long, on one line or across a line break. */
function withoutInlineCode(text: string): string {
  return text.replace(/(`+)(?:[^\n]|\n(?!\s*\n))*?(?<!`)\1(?!`)/g, '')
}

/** GitHub's anchor for a heading: lowercase, no backticks or punctuation but `-` and `_`, each space a `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replaceAll('`', '')
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, … as on GitHub). */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const match of withoutFences(text).matchAll(/^#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const base = slug(match[1]!)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** Link targets as written, `[text](target)` and `![alt](target)`, outside code; an optional "title" is dropped. */
function linkTargets(text: string): string[] {
  const prose = withoutInlineCode(withoutFences(text))
  return [...prose.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!)
}

/** An absolute link: a scheme (`https:`, `mailto:`, …) or protocol-relative (`//host`). */
const isAbsolute = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')

interface BrokenLink {
  file: string
  target: string
  problem: string
}

function brokenLinks(files: string[]): { count: number; broken: BrokenLink[] } {
  const anchorCache = new Map<string, Set<string>>()
  const anchors = (path: string) => {
    let found = anchorCache.get(path)
    if (!found) {
      found = anchorsOf(readFileSync(join(ROOT, path), 'utf8'))
      anchorCache.set(path, found)
    }
    return found
  }
  let count = 0
  const broken: BrokenLink[] = []
  for (const file of files) {
    for (const target of linkTargets(readFileSync(join(ROOT, file), 'utf8'))) {
      if (isAbsolute(target)) continue
      count++
      const hash = target.indexOf('#')
      const path = decodeURI(hash === -1 ? target : target.slice(0, hash))
      const anchor = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1))
      const dest = path ? relative(ROOT, join(ROOT, dirname(file), path)).replaceAll('\\', '/') : file
      if (dest.startsWith('..') || !existsSync(join(ROOT, dest))) {
        broken.push({ file, target, problem: `no file ${dest}` })
      } else if (anchor && (statSync(join(ROOT, dest)).isDirectory() || !anchors(dest).has(anchor))) {
        broken.push({ file, target, problem: `no heading #${anchor} in ${dest}` })
      }
    }
  }
  return { count, broken }
}

describe('documentation links', () => {
  test('every relative link in README.md and docs/**/*.md reaches a file and, with #anchor, a heading', () => {
    const { count, broken } = brokenLinks(markdownFiles())
    expect(count).toBeGreaterThan(0)
    const report = broken.map(({ file, target, problem }) => `${file}: (${target}) ${problem}`)
    expect(report, `${broken.length} of ${count} relative links broken:\n${report.join('\n')}`).toEqual([])
  })

  test('slugs follow GitHub', () => {
    expect(slug('The `admin:*` commands, and 2FA!')).toBe('the-admin-commands-and-2fa')
    expect(slug('Applications, résumé files and email')).toBe('applications-résumé-files-and-email')
    expect(slug('snake_case - dashes')).toBe('snake_case---dashes')
    expect([...anchorsOf('# A\n```\n# Not a heading\n```\n## A\n')]).toEqual(['a', 'a-1'])
  })

  test('links in code are not links', () => {
    const text = [
      '[one](a.md) `[code](b.md)` ``[two `ticks`](c.md)``',
      '`spans a',
      'line [x](d.md)` [two](e.md#x "title")',
      '```md',
      '[fenced](f.md)',
      '```',
      '~~~~',
      '```',
      '[fenced](g.md)',
      '~~~~',
      '[three](https://example.com) [four](mailto:a@b.c)',
    ].join('\n')
    expect(linkTargets(text)).toEqual(['a.md', 'e.md#x', 'https://example.com', 'mailto:a@b.c'])
  })
})
