import { expect, test } from 'bun:test'
import { PAGES } from '../../../shared/paths'
import { navCurrent } from './nav-current'

test.each([
  ['/', PAGES.home, 'page'],
  ['/blog', PAGES.home, undefined],
  ['/blog', PAGES.blog, 'page'],
  ['/BLOG/', PAGES.blog, 'page'],
  ['/blog/some-post', PAGES.blog, 'true'],
  ['/Blog/Some-Post', PAGES.blog, 'true'],
  ['/blogger', PAGES.blog, undefined],
  ['/jobs', PAGES.jobs, 'page'],
  ['/jobs/senior-artist', PAGES.jobs, 'true'],
  ['/jobs/senior-artist', PAGES.blog, undefined],
  ['/rdc25', PAGES.jobs, undefined],
] as const)('%s against the %s link is %p', (pathname, section, expected) => {
  expect(navCurrent(pathname, section)).toBe(expected)
})
