import { expect, test } from 'bun:test'
import { matchRoutes } from 'react-router'
import { routes } from '../../app/routes'
import { pageRoute } from './page-route'

/** The pattern react-router itself matches, spelled as pageRoute spells it. */
function routerPattern(path: string): string {
  const segments = (matchRoutes(routes, path) ?? []).flatMap((match) => match.route.path?.split('/') ?? [])
  const pattern = `/${segments.filter(Boolean).join('/')}`
  return pattern === '/*' || !matchRoutes(routes, path) ? '/*' : pattern
}

const PATHS = [
  '/',
  '/blog',
  '/blog/',
  '/BLOG',
  '/blog/some-post',
  '/blog/preview',
  `/blog/preview/${'ab'.repeat(24)}`,
  '/blog/preview/x/y',
  '/jobs',
  '/jobs/level-designer',
  '/rdc25',
  '/blog-preview',
  '/admin',
  '/admin/login',
  '/Admin/Blog',
  '/admin/other',
  '/assets/entry.client-abc.js',
  '/favicon.ico',
  '/no/such/page',
]

test('each path gets the route react-router renders it with, and unknown paths one shared label', () => {
  for (const path of PATHS) expect([path, pageRoute(path)]).toEqual([path, routerPattern(path)])
  expect(new Set(PATHS.map(pageRoute)).size).toBeLessThanOrEqual(12)
  expect(pageRoute('/blog/preview/abc')).toBe('/blog/preview/:token')
  expect(pageRoute('/no/such/page')).toBe('/*')
})
