import { expect, test } from 'bun:test'
import { installDom } from '../../../../tests/support/dom'

installDom()

const loaded = async (html: string, modules: Record<string, unknown> = {}) => {
  const { default: Quill, PASTE_MATCHERS, TOGGLE_BINDINGS } = await import('./editor-quill')
  const host = document.createElement('div')
  document.body.append(host)
  const quill = new Quill(host, {
    modules: { clipboard: { matchers: PASTE_MATCHERS }, keyboard: { bindings: TOGGLE_BINDINGS }, ...modules },
  })
  quill.setContents(quill.clipboard.convert({ html }), 'silent')
  return quill
}

const roundTrip = async (html: string) => {
  const { readPostHtml } = await import('./editor-quill')
  return readPostHtml(await loaded(html))
}

test('a self-hosted video and a divider survive loading a post into the editor and reading it back', async () => {
  const html = await roundTrip(
    '<p>Before</p><hr><video controls preload="none" playsinline poster="/blog/teaser.webp" width="1280" height="720"><source src="/blog/teaser.mp4" type="video/mp4"></video><p>After</p>',
  )
  expect(html).toContain('<hr>')
  expect(html).toMatch(
    /<video[^>]*poster="\/blog\/teaser.webp"[^>]*>\s*<source src="\/blog\/teaser.mp4" type="video\/mp4">\s*<\/video>/,
  )
  expect(html).toContain('controls')
  expect(html).toContain('<p>Before</p>')
  expect(html).toContain('<p>After</p>')
})

test('pasted video markup keeps no handlers and no script addresses', async () => {
  const html = await roundTrip(
    '<video onerror="alert(1)" poster="javascript:alert(2)" controls><source src="javascript:alert(3)"><source src="/ok.mp4"></video>',
  )
  expect(html).not.toContain('onerror')
  expect(html).not.toContain('javascript:')
  expect(html).toContain('<source src="/ok.mp4">')
})

test('a YouTube link from the Video button is saved as the player, and a saved player loads back as one', async () => {
  const { default: Quill } = await import('./editor-quill')
  const host = document.createElement('div')
  document.body.append(host)
  const quill = new Quill(host)
  quill.insertEmbed(0, 'video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  const html = quill.getSemanticHTML()
  expect(html).toContain('<iframe')
  expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
  expect(html).toContain('title="YouTube video player"')
  expect(html).not.toContain('<a ')

  const again = await roundTrip(html)
  expect(again).toContain('<iframe')
  expect(again).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
})

test('a player from another site is not kept', async () => {
  const html = await roundTrip('<iframe class="ql-video" src="https://evil.example/embed/x"></iframe>')
  expect(html).not.toContain('evil.example')
})

test('pictures keep their alt text; figures keep their caption, and a figure without a picture is not invented', async () => {
  const html = await roundTrip(
    '<figure><img src="/media/0123456789abcdef01234567-800.webp" alt="The booth" width="800" height="450" srcset="/x 1w"><figcaption>Our booth, day one</figcaption></figure><p><img src="/blog/golf-cart.webp" alt="A golf cart"></p>',
  )
  expect(html).toContain(
    '<figure><img src="/media/0123456789abcdef01234567-800.webp" alt="The booth" width="800" height="450"><figcaption>Our booth, day one</figcaption></figure>',
  )
  expect(html).toContain('<img src="/blog/golf-cart.webp" alt="A golf cart">')
  expect(html).not.toContain('srcset')
})

const TOGGLES =
  '<details><summary>When does it start?</summary><p>At eight.</p><p>Doors at seven.</p></details>' +
  '<details><summary>Is it free?</summary><p>Yes.</p></details><p>After.</p>'

test('toggles load into the editor and read back as they were stored, each with its own question', async () => {
  expect(await roundTrip(TOGGLES)).toBe(TOGGLES)
})

test('a heading inside a toggle is kept as a line of its answer; a toggle without a question is paragraphs', async () => {
  expect(await roundTrip('<details><summary>Q</summary><h2>Big</h2></details>')).toBe(
    '<details><summary>Q</summary><p>Big</p></details>',
  )
  expect(await roundTrip('<details><p>Only an answer</p></details>')).toBe('<p>Only an answer</p>')
})

test('the Toggle control makes a question of the line, Enter starts its answer and an empty answer line leaves it', async () => {
  const { readPostHtml, toggleToggle } = await import('./editor-quill')
  const quill = await loaded('<p>When?</p>')
  quill.setSelection(5, 0)
  toggleToggle(quill)
  expect(readPostHtml(quill)).toBe('<details><summary>When?</summary></details>')
  const enter = () =>
    quill.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
  const type = (text: string) => {
    const at = quill.getSelection()?.index ?? 0
    quill.insertText(at, text, 'user')
    quill.setSelection(at + text.length, 0)
  }
  enter()
  type('At eight.')
  expect(readPostHtml(quill)).toBe('<details><summary>When?</summary><p>At eight.</p></details>')
  enter()
  enter()
  type('After.')
  expect(readPostHtml(quill)).toBe('<details><summary>When?</summary><p>At eight.</p></details><p>After.</p>')
  // In a toggle, the control turns the whole toggle back into paragraphs.
  quill.setSelection(2, 0)
  toggleToggle(quill)
  expect(readPostHtml(quill)).toBe('<p>When?</p><p>At eight.</p><p>After.</p>')
})

const keydown = (quill: { root: HTMLElement }, init: KeyboardEventInit) =>
  quill.root.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }))

test('a toggle whose question goes is paragraphs again, or joins the toggle above it', async () => {
  const { readPostHtml } = await import('./editor-quill')
  const deleted = await loaded('<p>Before</p><details><summary>Q</summary><p>A1</p><p>A2</p></details>')
  deleted.deleteText(7, 2, 'user')
  expect(readPostHtml(deleted)).toBe('<p>Before</p><p>A1</p><p>A2</p>')

  const joined = await loaded('<p>Before</p><details><summary>Q</summary><p>A1</p></details>')
  joined.setSelection(7, 0)
  keydown(joined, { key: 'Backspace' })
  expect(readPostHtml(joined)).toBe('<p>BeforeQ</p><p>A1</p>')

  const two = await loaded(
    `${'<details><summary>Q1</summary><p>A1</p></details>'}<details><summary>Q2</summary><p>A2</p></details>`,
  )
  two.deleteText(6, 3, 'user')
  expect(readPostHtml(two)).toBe('<details><summary>Q1</summary><p>A1</p><p>A2</p></details>')

  // Enter on an empty line inside the answer makes another line of it; on its last line it leaves.
  const middle = await loaded('<details><summary>Q</summary><p>A1</p><p></p><p>A2</p></details>')
  middle.setSelection(5, 0)
  keydown(middle, { key: 'Enter' })
  expect(readPostHtml(middle)).toBe('<details><summary>Q</summary><p>A1</p><p></p><p></p><p>A2</p></details>')

  const long = Array.from({ length: 150 }, (_, n) => `<p>Line ${n}</p>`).join('')
  expect(await roundTrip(`<details>${long}</details>`)).toBe(long)
})

test('Enter at the start of a question opens a line above the toggle; Shift+Enter in a question starts the answer', async () => {
  const { readPostHtml } = await import('./editor-quill')
  const quill = await loaded('<details><summary>When?</summary><p>At eight.</p></details>')
  quill.setSelection(0, 0)
  keydown(quill, { key: 'Enter' })
  expect(readPostHtml(quill)).toBe('<p></p><details><summary>When?</summary><p>At eight.</p></details>')
  expect(quill.getSelection()?.index).toBe(1)
  quill.setSelection(4, 0)
  keydown(quill, { key: 'Enter', shiftKey: true })
  expect(readPostHtml(quill)).toBe('<p></p><details><summary>Whe</summary><p>n?</p><p>At eight.</p></details>')
})

test('a picture or divider put in a toggle or a table goes after it, with a line after it at the very end', async () => {
  const { blockPlace } = await import('./block-place')
  const quill = await loaded('<p>Hi</p><details><summary>Q</summary><p>A1</p><p>A2</p></details><p>End</p>')
  expect(blockPlace(quill, 1)).toBe(1)
  expect(blockPlace(quill, 6)).toBe(11)
  const last = await loaded('<p>Hi</p><details><summary>Q</summary><p>A</p></details>')
  const place = blockPlace(last, 4)
  expect(place).toBe(7)
  last.insertEmbed(place, 'divider', true, 'user')
  expect(last.getSemanticHTML()).toEndWith('</details><hr><p></p>')
})

/** The document's lines in order, a table's cells as `cell:{row}`: the delta, which happy-dom keeps right. */
const linesOf = (quill: { getContents(): { ops: { insert?: unknown; attributes?: Record<string, unknown> }[] } }) =>
  quill.getContents().ops.flatMap((op) => {
    if (typeof op.insert !== 'string') return []
    const kind = op.attributes?.table ? `cell:${op.attributes.table}` : (Object.keys(op.attributes ?? {})[0] ?? 'p')
    return op.insert.includes('\n') ? Array.from({ length: op.insert.split('\n').length - 1 }, () => kind) : []
  })
const cellsOf = (lines: string[]) => lines.filter((line) => line.startsWith('cell:'))
const rowsOf = (lines: string[]) => new Set(cellsOf(lines)).size

test('the Table menu puts a table below the line, after a toggle, apart from a table below, never inside one', async () => {
  const { tableAction } = await import('./editor-quill')
  const quill = await loaded('<details><summary>When?</summary><p>At eight.</p></details><h2>Prices</h2>', {
    table: true,
  })
  quill.setSelection(2, 0)
  expect(tableAction(quill, 'insert')).toBe('done')
  let lines = linesOf(quill)
  expect(lines.slice(0, 2)).toEqual(['toggle-summary', 'toggle-body'])
  expect(cellsOf(lines)).toHaveLength(9)
  expect(rowsOf(lines)).toBe(3)
  expect(lines.at(-1)).toBe('header')
  // In the table: no table inside it (its rows and columns are the browser test's: happy-dom draws tables poorly).
  quill.setSelection(17, 0)
  expect(tableAction(quill, 'insert')).toBe('in a table')
  // On the answer line just above the table: the new table stays a table of its own, a line between.
  quill.setSelection(8, 0)
  expect(tableAction(quill, 'insert')).toBe('done')
  lines = linesOf(quill)
  const added = lines.slice(2, 11)
  expect(cellsOf(added)).toHaveLength(9)
  expect(rowsOf(added)).toBe(3)
  expect(lines[11]).toBe('p')
  expect(lines[12]?.startsWith('cell:')).toBe(true)
  expect(cellsOf(lines.slice(12)).some((cell) => added.includes(cell))).toBe(false)
  // Outside any table, the row and column actions say so.
  quill.setSelection(quill.getLength() - 2, 0)
  expect(tableAction(quill, 'delete-row')).toBe('not in a table')
})

const GALLERY =
  '<figure class="post-gallery"><img src="/media/aaaaaaaaaaaaaaaaaaaaaaaa-1200.webp" alt="One" width="1200" height="800">' +
  '<img src="/media/bbbbbbbbbbbbbbbbbbbbbbbb-1200.webp" alt="" width="1200" height="900"></figure>'

test('a gallery loads as one piece and reads back as stored; a lone figure is still a figure', async () => {
  expect(await roundTrip(GALLERY)).toBe(GALLERY)
  const quill = await loaded(`<p>Before</p>${GALLERY}<figure><img src="/a.webp" alt="A"></figure>`)
  const embeds = quill.getContents().ops.flatMap((op) => (typeof op.insert === 'object' ? Object.keys(op.insert) : []))
  expect(embeds).toEqual(['gallery', 'media-figure'])
})

test('a gallery keeps no picture from a script address or data', async () => {
  expect(
    await roundTrip(
      '<figure class="post-gallery"><img src="javascript:alert(1)" alt="x"><img src="data:image/png;base64,AA" alt="y"><img src="/ok.webp" alt="ok" onerror="alert(2)"></figure>',
    ),
  ).toBe('<figure class="post-gallery"><img src="/ok.webp" alt="ok"></figure>')
})
