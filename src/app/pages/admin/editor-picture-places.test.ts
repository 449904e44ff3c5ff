import { expect, test } from 'bun:test'
import { installDom } from '../../../../tests/support/dom'
import { foreignPicturesIn } from './editor-picture-places'

installDom()

test('pasted pictures to take in: data and other sites’ pictures, with their alt text; this site’s are kept as they are', async () => {
  const { Delta } = await import('quill')
  const change = new Delta()
    .retain(3)
    .insert({ image: 'data:image/png;base64,AAAA' }, { alt: 'A screenshot' })
    .insert({ image: 'https://lh7-rt.googleusercontent.com/docsz/abc' })
    .insert({ image: 'https://studio.example/media/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp' })
    .insert({ image: '/blog/golf-cart.webp' })
    .insert({ 'media-figure': { src: 'https://elsewhere.example/x.png', alt: '', caption: '' } })
    .insert('text')
  expect(foreignPicturesIn(change, 'https://studio.example')).toEqual([
    { src: 'data:image/png;base64,AAAA', alt: 'A screenshot' },
    { src: 'https://lh7-rt.googleusercontent.com/docsz/abc', alt: '' },
  ])
})
