import { expect, test } from 'bun:test'
import { slugRedirectNotice } from './slug-redirect'

const now = Date.UTC(2030, 0, 10)
const live = { slug: 'harbour-lights', status: 'published', publishedAt: new Date(now - 86_400_000).toISOString() }

test('changing the slug of a live post says its old address will redirect, before the save', () => {
  expect(slugRedirectNotice(live, 'Harbour Lights 2030', now)).toBe(
    'The old address will redirect here: /blog/harbour-lights will lead to /blog/harbour-lights-2030.',
  )
})

test('no notice while the slug is unchanged, empty, or the post was never public', () => {
  expect(slugRedirectNotice(live, 'harbour-lights', now)).toBeNull()
  expect(slugRedirectNotice(live, '  ', now)).toBeNull()
  expect(slugRedirectNotice({ ...live, status: 'draft' }, 'other', now)).toBeNull()
  expect(slugRedirectNotice({ ...live, publishedAt: new Date(now + 60_000).toISOString() }, 'other', now)).toBeNull()
  expect(slugRedirectNotice(undefined, 'other', now)).toBeNull()
})
