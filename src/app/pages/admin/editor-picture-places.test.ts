import { expect, test } from 'bun:test'
import { installDom } from '../../../../tests/support/dom'
import { pastedPictures } from './editor-picture-places'

installDom()

test('pasted pictures: data is taken in with what came with it; other sites are named once; this site’s and non-addresses are left', async () => {
  const { Delta } = await import('quill')
  const change = new Delta()
    .retain(3)
    .insert({ image: 'data:image/png;base64,AAAA' }, { alt: 'A screenshot' })
    .insert({ 'media-figure': { src: 'DATA:image/jpeg;base64,BBBB', alt: 'A booth', caption: 'Day one' } })
    .insert({ image: 'https://lh7-rt.googleusercontent.com/docsz/abc' })
    .insert({ image: '//lh7-rt.googleusercontent.com/docsz/def' })
    .insert({ 'media-figure': { src: 'https://elsewhere.example/x.png', alt: '', caption: '' } })
    .insert({ image: 'https://studio.example/media/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp' })
    .insert({ image: '/blog/golf-cart.webp' })
    .insert({ image: 'http://a:99999/x' })
    .insert('text')
  expect(pastedPictures(change, 'https://studio.example/admin/blog')).toEqual({
    data: [
      { src: 'data:image/png;base64,AAAA', alt: 'A screenshot', caption: '' },
      { src: 'DATA:image/jpeg;base64,BBBB', alt: 'A booth', caption: 'Day one' },
    ],
    elsewhere: ['lh7-rt.googleusercontent.com', 'elsewhere.example'],
  })
})
