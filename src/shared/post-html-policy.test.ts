import { expect, test } from 'bun:test'
import { isAllowedVideoUrl, VIDEO_EMBED_HOSTS, videoEmbedUrl } from './post-html-policy'

test.each([
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  [
    'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42',
  ],
  ['youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ['https://youtube.com/shorts/aBcDeFgHiJk', 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk'],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ['https://player.vimeo.com/video/76979871?h=abc', 'https://player.vimeo.com/video/76979871'],
  ['https://youtu.be/dQw4w9WgXcQ?t=90', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
  [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
  ],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
  ['https://vimeo.com/76979871/0a1b2c3d4e', 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e'],
  ['https://player.vimeo.com/video/76979871?h=0a1b2c3d4e', 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e'],
])('%s plays as %s', (link, player) => {
  expect(videoEmbedUrl(link)).toBe(player)
  expect(VIDEO_EMBED_HOSTS).toContain(new URL(player).hostname)
})

test.each([
  'https://evil.example/watch?v=dQw4w9WgXcQ',
  'javascript:alert(1)',
  'https://youtube.com.evil.example/embed/x',
  '',
])('%s is not a video', (link) => expect(videoEmbedUrl(link)).toBeNull())

test('clip addresses are http(s) or paths on this site', () => {
  expect(['/blog/a.mp4', 'https://cdn.example.com/a.mp4', 'http://x.example/a.mp4'].map(isAllowedVideoUrl)).toEqual([
    true,
    true,
    true,
  ])
  expect(
    ['//evil.example/a.mp4', 'javascript:alert(1)', 'a.mp4', './a.mp4', 'data:video/mp4,x'].map(isAllowedVideoUrl),
  ).toEqual([false, false, false, false, false])
})
