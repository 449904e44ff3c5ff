import { expect, test } from 'bun:test'
import { installDom } from '../../../../tests/support/dom'

installDom()

const roundTrip = async (html: string) => {
  const { default: Quill } = await import('./editor-quill')
  const host = document.createElement('div')
  document.body.append(host)
  const quill = new Quill(host)
  quill.setContents(quill.clipboard.convert({ html }), 'silent')
  return quill.getSemanticHTML()
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
