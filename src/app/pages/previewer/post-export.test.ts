import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportPostModule, type PreviewerDraft } from './post-export'
import { appendSnippet } from './snippets'

// Text that would break a template literal if the export did not encode it.
const draft: PreviewerDraft = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the test input
  title: 'Golf Cart `Season` ${2}',
  slug: '',
  excerpt: '',
  featuredImage: '',
  publishedAt: '2030-02-03',
  published: true,
  featured: false,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the test input
  content: '<h2>It\'s "here"</h2>\n<p>Backticks ` and ${template} and </script></p>',
}

test('the exported module is named after the slug and holds the post in the bundled shape', async () => {
  const { fileName, source } = exportPostModule(draft, 1_900_000_000_000)
  expect(fileName).toBe('golf-cart-season-2.ts')
  const dir = mkdtempSync(join(tmpdir(), 'export-'))
  writeFileSync(join(dir, fileName), source)
  const post = (await import(join(dir, fileName))).default
  expect(post).toEqual({
    id: 1_900_000_000_000,
    title: draft.title,
    slug: 'golf-cart-season-2',
    excerpt: draft.title,
    content: draft.content,
    featuredImage: null,
    additionalImages: null,
    featured: false,
    status: 'published',
    createdAt: '2030-02-03T09:00:00.000Z',
    updatedAt: new Date(1_900_000_000_000).toISOString(),
    publishedAt: '2030-02-03T09:00:00.000Z',
    authorId: 1,
  })
  const tsc = Bun.spawnSync(['bun', 'x', 'tsc', '--noEmit', '--strict', '--ignoreConfig', join(dir, fileName)], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe('')
  expect(tsc.exitCode).toBe(0)
  rmSync(dir, { recursive: true, force: true })
})

test('an unchecked Published box exports a draft', () => {
  expect(exportPostModule({ ...draft, published: false }).source).toContain('status: "draft"')
})

test('a snippet is appended after a blank line', () => {
  expect(appendSnippet('<p>a</p>\n', '<hr>')).toBe('<p>a</p>\n\n<hr>')
  expect(appendSnippet('  ', '<hr>')).toBe('<hr>')
})

test('a title with no Latin spelling is exported under post-{id}, as the site would address it', () => {
  const { fileName, source } = exportPostModule({ ...draft, title: 'גרסה 2.0' }, 1_900_000_000_000)
  expect(fileName).toBe('post-1900000000000.ts')
  expect(source).toContain('slug: "post-1900000000000"')
})
