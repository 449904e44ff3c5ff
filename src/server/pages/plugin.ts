import { Elysia } from 'elysia'
import type { AdminSessionPlugin } from '../auth/admin-session'
import type { PostedForm } from '../features/applications/form-post'
import { type createMethodPolicy, takesFormPost } from '../http/method-policy'
import { formPostRefusal } from '../http/request-guards'
import type { Lifecycle } from '../lifecycle/plugin'
import { isCacheablePage } from '../render/cacheable-page'
import type { StaticFiles } from '../render/static-files'
import { adminGate } from './admin-gate'
import type { PageRendering } from './rendering'

export interface PagesPluginOptions {
  /** Used for its request context (the nonce); its hooks run once either way. */
  lifecycle: Lifecycle
  session: AdminSessionPlugin
  rendering: PageRendering
  staticFiles: StaticFiles
  methods: ReturnType<typeof createMethodPolicy>
  /** Keep rendered public pages (AppDeps.cachePages). */
  cachePages: boolean
  clock: () => number
  /** Reads the application form posted to a job's page without JavaScript. */
  receiveForm: (request: Request) => Promise<PostedForm>
}

/**
 * Every path no API route takes: public and built files, the pages (from the page cache when they can
 * be kept), the form posted to a job's page, and the method policy's refusals for everything else.
 * Used last: its routes are catch-alls.
 */
export function pagesPlugin(options: PagesPluginOptions) {
  const { rendering, staticFiles, methods, clock } = options
  const { renderPage, pageCache, renderClient } = rendering
  return (
    new Elysia({ name: 'pages' })
      .use(options.lifecycle)
      .use(options.session)
      .get('/*', async ({ request, nonce, path, cookie, redirect, adminSession }) => {
        const file = staticFiles.serve(request, path)
        if (file) return file
        if (path.startsWith('/api/')) return methods.refuse(request, path)
        const gate = await adminGate(path, () => adminSession.isSignedIn(cookie), new URL(request.url).searchParams)
        if ('redirect' in gate) return redirect(gate.redirect, 302)
        if (gate.priority) return renderPage({ request, nonce, now: clock(), priority: true })
        const client = renderClient(request)
        if (options.cachePages && isCacheablePage(request, path)) {
          // Rendered from the page's own request (its canonical URL, no abort signal): others may wait on it.
          const cached = (page: Request, version: string | null) =>
            renderPage({ request: page, now: clock(), complete: true, cached: { version }, client })
          return pageCache.serve(request, cached, client)
        }
        return renderPage({ request, nonce, now: clock(), client })
      })
      // Form posts to pages run the route's action (the application form without JavaScript).
      .post(
        '/*',
        async ({ request, nonce, path, status }) => {
          if (!takesFormPost(path)) return methods.refuse(request, path)
          const refused = formPostRefusal(request)
          if (refused) return status(refused.status, { error: refused.error })
          // Read (or refused) before the page takes a render turn; the page's action shows the outcome.
          const posted = await options.receiveForm(request)
          rendering.postedForms.set(request, posted)
          try {
            const page = await renderPage({ request, nonce, now: clock(), client: renderClient(request) })
            for (const [name, value] of Object.entries(posted.headers)) page.headers.set(name, value)
            return page
          } finally {
            posted.release()
          }
        },
        { parse: 'none' },
      )
      // Every other method, on every path no route declares it for.
      .all('/*', ({ request, path }) => methods.refuse(request, path), { parse: 'none' })
  )
}
