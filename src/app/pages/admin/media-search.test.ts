import { expect, test } from 'bun:test'
import type { MediaListItem } from '../../../shared/media'
import { matchingMedia, mediaName } from './media-search'

const item = (id: number, originalName: string, alt: string): MediaListItem => ({
  id,
  url: `/media/${id}.webp`,
  width: 800,
  height: 600,
  alt,
  variants: [],
  originalName,
  format: 'jpeg',
  originalSize: 1,
  storedSize: 1,
  createdAt: '2026-11-29T10:00:00Z',
  usedBy: [],
})

const library = [
  item(1, 'IMG_2041.jpg', 'Paper lanterns above the fountain'),
  item(2, 'booth-day-one.png', 'Our booth at the plaza'),
  item(3, '', ''),
]

test('uploads are found by any words of their file name or alt text, in any case and order', () => {
  expect(matchingMedia(library, 'img_2041').map((found) => found.id)).toEqual([1])
  expect(matchingMedia(library, 'PLAZA booth').map((found) => found.id)).toEqual([2])
  expect(matchingMedia(library, 'booth lanterns')).toEqual([])
  expect(matchingMedia(library, '  ')).toEqual(library)
})

test('an upload without a file name is named by what it is', () => {
  expect(mediaName(library[2]!)).toBe('jpeg 800×600')
  expect(mediaName(library[0]!)).toBe('IMG_2041.jpg')
})
