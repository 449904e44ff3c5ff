import { expect, test } from 'bun:test'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, Link, type LinkProps, StaticRouterProvider } from 'react-router'
import { SiteLink } from './site-link'

/** Renders `element` as the server renders a page: through the static handler, at a nested address. */
async function renderedAt(path: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: '/blog/tag/:slug', element }])
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error('unexpected response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

const noop = () => {}

const LINKS: [string, LinkProps][] = [
  ['the home page, current', { to: '/', className: 'nav-link', 'aria-current': 'page', children: 'Home' }],
  [
    'a post card, with handlers and a heading inside',
    { to: '/blog/a-post', className: 'card', onClick: noop, onMouseEnter: noop, onFocus: noop, children: <h3>A</h3> },
  ],
  ['a later page, with rel', { to: '/blog?page=2', rel: 'next', preventScrollReset: false, children: 'Next' }],
  ['a hash, with navigation options', { to: '/jobs#open', replace: true, state: { from: 1 }, children: 'Jobs' }],
  ['a new tab, not draggable', { to: '/rdc25', target: '_blank', draggable: false, children: 'Event' }],
  ['a trailing slash', { to: '/blog/', children: 'Blog' }],
  // Left to Link, which resolves them: the result must still be Link's.
  ['a dot segment', { to: '/blog/../jobs', children: 'Jobs' }],
  ['a relative path', { to: 'other', children: 'Other' }],
  ['a doubled slash', { to: '//blog', children: 'Blog' }],
  ['an empty query', { to: '/blog?', children: 'Blog' }],
  ['an empty hash', { to: '/blog#', children: 'Blog' }],
  ['a path object', { to: { pathname: '/blog', search: '?q=a' }, children: 'Search' }],
]

test.each(LINKS)('on the server, SiteLink writes what Link writes: %s', async (_, props) => {
  const link = await renderedAt('/blog/tag/news', <Link {...props} />)
  const site = await renderedAt('/blog/tag/news', <SiteLink {...props} />)
  expect(site).toBe(link)
})

test('on the server, a plain path needs no router (Link would throw outside one)', () => {
  expect(
    renderToString(
      <SiteLink to="/blog/a-post" className="card">
        A post
      </SiteLink>,
    ),
  ).toBe('<a class="card" href="/blog/a-post" data-discover="true">A post</a>')
  expect(() => renderToString(<SiteLink to="../up">Up</SiteLink>)).toThrow()
})

test("Link's own props do not reach the <a>", () => {
  expect(
    renderToString(
      <SiteLink
        to="/jobs"
        replace
        state={{ from: 1 }}
        preventScrollReset
        viewTransition
        defaultShouldRevalidate={false}
      >
        Jobs
      </SiteLink>,
    ),
  ).toBe('<a href="/jobs" data-discover="true">Jobs</a>')
})
