import { Elysia } from 'elysia'
import { site } from '../../../content/site'
import { jobPath, PAGES, postPath, SITE_FEED_PATH, tagFeedPath, tagPath } from '../../../shared/paths'
import { encodedBodies } from '../../http/compression'
import { sendRepresentation } from '../../http/representation'
import type { PublicJobService } from '../jobs/service'
import type { PublicPostService } from '../posts/service'
import { rssDocument, xml } from './rss'

/** Public pages listed in the sitemap besides the posts; features add theirs here. */
export const SITEMAP_PAGES = [PAGES.home, PAGES.event, PAGES.blog, PAGES.jobs]

/** Feeds are compressed and revalidated like files: an unchanged feed answers 304 without a body. */
function respond(request: Request, body: string, type: string): Response {
  const bytes = new TextEncoder().encode(body)
  const contentType = `${type}; charset=utf-8`
  return sendRepresentation(request, {
    headers: () => new Headers({ 'content-type': contentType, 'cache-control': 'public, max-age=300' }),
    token: new Bun.CryptoHasher('sha256').update(bytes).digest('hex').slice(0, 32),
    bodies: encodedBodies(bytes, contentType),
  })
}

/** RSS, sitemap and robots.txt, built from published posts and open jobs with absolute URLs on the public origin. */
export function feedRoutes(posts: PublicPostService, jobs: PublicJobService, origin: (request: Request) => string) {
  return new Elysia({ name: 'feeds' })
    .get(SITE_FEED_PATH, async ({ request }) => {
      const base = origin(request)
      const channel = {
        title: site.feedTitle,
        link: `${base}${PAGES.blog}`,
        self: `${base}${SITE_FEED_PATH}`,
        description: site.description,
      }
      return respond(request, rssDocument(channel, base, await posts.allPublished()), 'application/rss+xml')
    })
    .get('/blog/tag/:slug/rss.xml', async ({ request, params, status }) => {
      // Every post of the tag, as the blog's own feed has every post.
      const page = await posts.byTag(params.slug, 1, Number.MAX_SAFE_INTEGER)
      if (!page) return status(404, { error: 'Tag not found' })
      const base = origin(request)
      const channel = {
        title: `${site.name} Blog: ${page.tag.name}`,
        link: `${base}${tagPath(page.tag.slug)}`,
        self: `${base}${tagFeedPath(page.tag.slug)}`,
        description: `Posts tagged ${page.tag.name} on the ${site.name} blog.`,
      }
      return respond(request, rssDocument(channel, base, page.posts), 'application/rss+xml')
    })
    .get('/sitemap.xml', async ({ request }) => {
      const base = origin(request)
      const [published, tags, openJobs] = await Promise.all([posts.allPublished(), posts.publicTags(), jobs.list()])
      const newest = published[0]?.updatedAt.slice(0, 10)
      const urls = [
        ...SITEMAP_PAGES.map((path) => ({ loc: `${base}${path}`, lastmod: path === PAGES.blog ? newest : undefined })),
        ...published.map((post) => ({ loc: `${base}${postPath(post.slug)}`, lastmod: post.updatedAt.slice(0, 10) })),
        ...tags.map((tag) => ({ loc: `${base}${tagPath(tag.slug)}`, lastmod: tag.updatedAt.slice(0, 10) })),
        ...openJobs.map((job) => ({ loc: `${base}${jobPath(job.slug)}`, lastmod: job.updatedAt.slice(0, 10) })),
      ]
      return respond(
        request,
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
          urls
            .map((u) => `<url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
            .join('\n') +
          '\n</urlset>\n',
        'application/xml',
      )
    })
    .get('/robots.txt', ({ request }) =>
      respond(
        request,
        `User-agent: *\nDisallow: ${PAGES.admin}\nDisallow: ${PAGES.blogPreview}\n\nSitemap: ${origin(request)}/sitemap.xml\n`,
        'text/plain',
      ),
    )
}
