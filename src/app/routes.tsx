import { type RouteObject, redirect } from 'react-router'
import {
  blogQueryParams,
  jobQueryParams,
  jobsQueryParams,
  type PageQueryReader,
  pageQueryParams,
} from '../shared/page-query'
import { PAGES } from '../shared/paths'
import { AppRoot, RootErrorBoundary } from './app-root'
import { SiteLayout } from './components/layout/site-layout'
import { SITE_LAYOUT_ROUTE, siteLayoutLoader } from './data/use-site-facts'
import { notFoundLoader } from './pages/not-found/not-found-page'

type RouteModule = Pick<RouteObject, 'Component' | 'loader' | 'action' | 'ErrorBoundary'>

/** What a route's lazy module is, so the server can preload its chunk with the page (see render-page). */
export interface RouteHandle {
  module: string
  /**
   * The query parameters the page reads (src/shared/page-query.ts). A page without one reads none: the
   * server renders and caches it for the URL without its query string, whatever the visitor added.
   */
  query?: PageQueryReader
}

/**
 * A page in its own chunk. `module` is the source path the build's manifest is keyed by; a test checks
 * that every one of them exists there.
 */
function page(
  module: string,
  load: () => Promise<RouteModule>,
  query?: PageQueryReader,
): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: load, handle: { module, query } satisfies RouteHandle }
}

/**
 * The route table shared by the server's static handler and the browser router. Matching is
 * case-insensitive, so /admin/login also answers /ADMIN/LOGIN, /Admin/Login and the other spellings.
 * Every page is a lazy chunk: a visitor downloads the framework plus the page in front of them, and
 * never the admin or previewer code.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        id: SITE_LAYOUT_ROUTE,
        Component: SiteLayout,
        loader: siteLayoutLoader,
        shouldRevalidate: () => false,
        children: [
          { index: true, ...page('src/app/pages/home/home-page.tsx', () => import('./pages/home/home-page')) },
          {
            path: 'blog',
            ...page(
              'src/app/pages/blog/blog-index-page.tsx',
              () => import('./pages/blog/blog-index-page'),
              blogQueryParams,
            ),
          },
          {
            path: 'blog/tag/:slug',
            ...page('src/app/pages/tag/tag-page.tsx', () => import('./pages/tag/tag-page'), pageQueryParams),
          },
          {
            path: 'blog/author/:slug',
            ...page(
              'src/app/pages/author/author-page.tsx',
              () => import('./pages/author/author-page'),
              pageQueryParams,
            ),
          },
          {
            path: 'blog/preview/:token',
            ...page('src/app/pages/post/draft-link-page.tsx', () => import('./pages/post/draft-link-page')),
          },
          { path: 'blog/:slug', ...page('src/app/pages/post/post-page.tsx', () => import('./pages/post/post-page')) },
          {
            path: 'jobs',
            ...page('src/app/pages/jobs/jobs-page.tsx', () => import('./pages/jobs/jobs-page'), jobsQueryParams),
          },
          {
            path: 'jobs/:slug',
            ...page('src/app/pages/job/job-page.tsx', () => import('./pages/job/job-page'), jobQueryParams),
          },
          {
            // Every newsletter page (subscriber-link pages are never kept in the page cache: see page-cache.ts).
            path: 'subscribe/*',
            ...page('src/app/pages/subscribe/subscribe-page.tsx', () => import('./pages/subscribe/subscribe-page')),
          },
          {
            path: 'privacy',
            ...page('src/app/pages/privacy/privacy-page.tsx', () => import('./pages/privacy/privacy-page')),
          },
        ],
      },
      {
        path: 'rdc25',
        ...page('src/app/pages/event/event-page.tsx', async () => {
          const { Component, firstEventLoader } = await import('./pages/event/event-page')
          return { Component, loader: firstEventLoader }
        }),
      },
      { path: 'events/:slug', ...page('src/app/pages/event/event-page.tsx', () => import('./pages/event/event-page')) },
      {
        path: 'blog-preview',
        ...page('src/app/pages/previewer/previewer-page.tsx', () => import('./pages/previewer/previewer-page')),
      },
      { path: 'admin', loader: () => redirect(PAGES.adminBlog) },
      {
        path: 'admin/login',
        ...page('src/app/pages/admin/admin-login-page.tsx', () => import('./pages/admin/admin-login-page')),
      },
      {
        path: 'admin/reset/:token?',
        ...page('src/app/pages/admin/password-reset-page.tsx', () => import('./pages/admin/password-reset-page')),
      },
      {
        path: 'admin/invitation/:token',
        ...page('src/app/pages/admin/invitation-page.tsx', () => import('./pages/admin/invitation-page')),
      },
      {
        path: 'admin/blog',
        ...page('src/app/pages/admin/admin-blog-page.tsx', () => import('./pages/admin/admin-blog-page')),
      },
      { path: '*', loader: notFoundLoader },
    ],
  },
]
