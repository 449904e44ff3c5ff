import { redirect, type RouteObject } from 'react-router'
import { AppRoot, RootErrorBoundary } from './app-root'
import { SiteLayout } from './components/layout/site-layout'
import { EventPage } from './pages/event/event-page'
import { BlogIndexPage, blogIndexLoader } from './pages/blog/blog-index-page'
import { HomePage } from './pages/home/home-page'
import { PostErrorBoundary, PostPage, postLoader } from './pages/post/post-page'
import { notFoundLoader } from './pages/not-found/not-found-page'

const adminSetup = () => import('./pages/admin/admin-setup-page')

/**
 * The route table shared by the server's static handler and the browser router. Matching is
 * case-insensitive, so /admin/login also answers /ADMIN/LOGIN, /Admin/Login and the other spellings.
 * Admin and previewer screens are lazy chunks that public pages never download.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        Component: SiteLayout,
        children: [
          { index: true, Component: HomePage },
          { path: 'blog', loader: blogIndexLoader, Component: BlogIndexPage },
          { path: 'blog/:slug', loader: postLoader, Component: PostPage, ErrorBoundary: PostErrorBoundary },
        ],
      },
      { path: 'rdc25', Component: EventPage },
      { path: 'admin', loader: () => redirect('/admin/blog') },
      { path: 'admin/login', lazy: adminSetup },
      { path: 'admin/blog', lazy: adminSetup },
      { path: '*', loader: notFoundLoader },
    ],
  },
]
