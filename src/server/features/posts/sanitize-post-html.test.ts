import { describe, expect, test } from 'bun:test'
import { htmlToText, sanitizePostHtml } from './sanitize-post-html'

describe('sanitizePostHtml', () => {
  test('a player from a host that is not allowed leaves no empty frame behind', () => {
    expect(
      sanitizePostHtml(
        '<p>a</p><iframe class="ql-video" src="https://evil.example/x"></iframe><iframe src="about:blank"></iframe>',
      ),
    ).toBe('<p>a</p>')
  })

  test('a clip keeps only addresses the editor would keep: http(s) or a path on this site', () => {
    const clean = sanitizePostHtml(
      '<video src="clip.mp4" poster="./p.webp" controls><source src="//evil.example/x.mp4"><source src="/blog/ok.mp4" type="video/mp4"><source src="https://cdn.example.com/v.mp4"></video>',
    )
    expect(clean).toBe(
      '<video controls><source src="/blog/ok.mp4" type="video/mp4" /><source src="https://cdn.example.com/v.mp4" /></video>',
    )
  })

  test('a block keeps its writing direction (auto, ltr, rtl) and nothing else in dir', () => {
    expect(
      sanitizePostHtml(
        '<h2 dir="rtl">כותרת</h2><p dir="auto">שלום, world.</p><ul dir="ltr"><li dir="rtl">א</li></ul>' +
          '<p dir="sideways">x</p><span dir="rtl">y</span>',
      ),
    ).toBe(
      '<h2 dir="rtl">כותרת</h2><p dir="auto">שלום, world.</p><ul dir="ltr"><li dir="rtl">א</li></ul><p>x</p><span>y</span>',
    )
  })

  test('keeps what Quill and the seed produce', () => {
    const html =
      '<h2>Title</h2><p class="ql-align-center">Hi <strong>there</strong> <em>you</em> <u>u</u> <s>s</s></p>' +
      '<ol><li data-list="bullet">one</li></ol><blockquote>q</blockquote>' +
      '<p><span style="color: rgb(255, 181, 71);">amber</span></p>' +
      '<img src="/blog/a.webp" alt="A" width="960" height="540">' +
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/abc"></iframe>' +
      '<video controls preload="none" poster="/blog/p.webp"><source src="/blog/v.mp4" type="video/mp4"></video>'
    const clean = sanitizePostHtml(html)
    for (const kept of [
      '<h2>Title</h2>',
      'class="ql-align-center"',
      '<strong>there</strong>',
      'data-list="bullet"',
      'style="color:rgb(255, 181, 71)"',
      'src="/blog/a.webp"',
      'youtube-nocookie.com/embed/abc',
      '<source src="/blog/v.mp4" type="video/mp4" />',
    ]) {
      expect(clean).toContain(kept)
    }
  })

  test('removes scripts, handlers, bad protocols and foreign iframes', () => {
    const clean = sanitizePostHtml(
      '<script>alert(1)</script><p onclick="x()">a</p><a href="javascript:alert(1)">j</a><a href="tel:+123">t</a>' +
        '<img src="javascript:alert(1)" onerror="x()"><img src="data:image/png;base64,AAAA">' +
        '<iframe src="https://evil.example.com/x"></iframe><p style="position:fixed">s</p><div class="evil">d</div>',
    )
    expect(clean).not.toContain('script')
    expect(clean).not.toContain('onclick')
    expect(clean).not.toContain('onerror')
    expect(clean).not.toContain('javascript:')
    expect(clean).not.toContain('evil.example.com')
    expect(clean).not.toContain('position')
    expect(clean).not.toContain('evil')
    expect(clean).toContain('href="tel:+123"')
    expect(clean).toContain('src="data:image/png;base64,AAAA"')
  })

  test('links that open a new tab get noopener', () => {
    expect(sanitizePostHtml('<a href="https://x.example" target="_blank">x</a>')).toContain('rel="noopener noreferrer"')
  })
})

test('htmlToText keeps the words and separates blocks', () => {
  expect(htmlToText('<h2>Golf&amp;Carts</h2><p>Ride <strong>fast</strong></p><ul><li>one</li><li>two</li></ul>')).toBe(
    'Golf&Carts Ride fast one two',
  )
})

test('none of the hostile payloads keeps anything that can run', async () => {
  const { XSS_PAYLOADS } = await import('../../../../tests/support/xss-payloads')
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50)
  for (const payload of XSS_PAYLOADS) {
    const clean = sanitizePostHtml(payload).toLowerCase()
    expect(clean).not.toMatch(
      /<script|<svg|<math|<object|<embed|<style|<link|<meta|<base|<form|<input|<body|srcdoc|javascript:|vbscript:|data:text|\son[a-z]+=/,
    )
    expect(clean).not.toContain('evil.example')
  }
})

test('colours outside the article’s palette are dropped, in either spelling; the palette’s are kept', () => {
  const html =
    '<p><span style="color: rgb(0, 0, 0); background-color: transparent">pasted black</span>' +
    '<span style="color: #FFB547">amber</span><span style="color:rgb(255,181,71);background-color:rgb(15, 47, 82)">on blue</span>' +
    '<span style="background-color: #ffffff">white highlight</span><span style="color: #0f2f52">a highlight as text</span></p>'
  expect(sanitizePostHtml(html)).toBe(
    '<p><span>pasted black</span><span style="color:#FFB547">amber</span>' +
      '<span style="color:rgb(255,181,71);background-color:rgb(15, 47, 82)">on blue</span>' +
      '<span>white highlight</span><span>a highlight as text</span></p>',
  )
})

test('a table keeps its cells and nothing else, and is made focusable so a keyboard can scroll it', () => {
  expect(
    sanitizePostHtml(
      '<table border="1" tabindex="-1" onclick="x()" style="width:900px"><thead><tr><th>Item</th></tr></thead><tbody><tr><td colspan="9">Booth</td></tr></tbody></table>',
    ),
  ).toBe('<table tabindex="0"><thead><tr><th>Item</th></tr></thead><tbody><tr><td>Booth</td></tr></tbody></table>')
})

test('cards keep their markup and only their own classes: a callout, a button, a gallery, a toggle', () => {
  const html =
    '<aside class="callout callout--success big">Done.</aside>' +
    '<p><a class="post-button evil" href="https://store.example.com">Buy</a></p>' +
    '<figure class="post-gallery other"><img src="/blog/a.webp" alt="A"><img src="/blog/b.webp" alt="B"></figure>' +
    '<details open ontoggle="x()"><summary onclick="x()">When?</summary><p>At eight.</p></details>'
  expect(sanitizePostHtml(html)).toBe(
    '<aside class="callout callout--success">Done.</aside>' +
      '<p><a class="post-button" href="https://store.example.com">Buy</a></p>' +
      '<figure class="post-gallery"><img src="/blog/a.webp" alt="A" /><img src="/blog/b.webp" alt="B" /></figure>' +
      '<details><summary>When?</summary><p>At eight.</p></details>',
  )
})
