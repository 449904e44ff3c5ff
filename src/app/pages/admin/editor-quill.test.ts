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
