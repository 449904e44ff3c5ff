import { describe, expect, test } from 'bun:test'
import { DESCRIPTION_LENGTH, postDescription } from './post-description'

const FALLBACK = 'Read the latest from the blog'

describe('postDescription', () => {
  test('the excerpt when there is one', () => {
    expect(postDescription({ excerpt: 'Snow globes return.', content: '<p>Other words</p>' }, FALLBACK)).toBe(
      'Snow globes return.',
    )
  })

  test('without an excerpt, the start of the text: tags as spaces, entities decoded', () => {
    expect(
      postDescription(
        {
          excerpt: '',
          content: '<h2>Overview</h2><p>Booths &amp; rides open at <strong>noon</strong>&nbsp;&#8212; all&#x21;</p>',
        },
        FALLBACK,
      ),
    ).toBe('Overview Booths & rides open at noon — all!')
  })

  test('a long text is cut at a word, within the length search engines show, and says it goes on', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    const description = postDescription({ excerpt: null, content: `<p>${words}</p>` }, FALLBACK)
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH)
    expect(description.endsWith('…')).toBe(true)
    expect(words.startsWith(description.slice(0, -1))).toBe(true)
    expect(
      description
        .slice(0, -1)
        .split(' ')
        .every((word) => /^word\d+$/.test(word)),
    ).toBe(true)
  })

  test('no excerpt and no words (a picture alone): the fallback', () => {
    expect(
      postDescription({ excerpt: '  ', content: '<figure><img src="/media/a.webp" alt=""></figure>' }, FALLBACK),
    ).toBe(FALLBACK)
  })
})
