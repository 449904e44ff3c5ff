import { Elysia } from 'elysia'
import { site } from '../../../content/site'
import type { PostSummary } from '../../../shared/blog'
import { jobPath, PAGES, postPath, SITE_FEED_PATH } from '../../../shared/paths'
import { encodedBodies } from '../../http/compression'
import { sendRepresentation } from '../../http/representation'
import type { PublicJobService } from '../jobs/service'
import type { PublicPostService } from '../posts/service'

/** Public pages listed in the sitemap besides the posts; features add theirs here. */
export const SITEMAP_PAGES = [PAGES.home, PAGES.event, PAGES.blog, PAGES.jobs]

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/** RFC 822 dates, as RSS 2.0 wants them: `Tue, 10 Mar 2030 12:00:00 GMT`. */
const rfc822 = (time: number) => new Date(time).toUTCString()

const publishedOn = (post: PostSummary) => Date.parse(post.publishedAt ?? post.createdAt)

/**
 * When the feed's content last changed: its newest post appeared or one of its posts was edited (a later
 * edit changes the item's title or description). Nothing for a feed without posts.
 */
const lastChange = (published: PostSummary[]): number | undefined =>
  published.reduce<number | undefined>(
    (latest, post) => Math.max(latest ?? 0, publishedOn(post), Date.parse(post.updatedAt)),
    undefined,
  )

/** Feeds are compressed and revalidated like files: an unchanged feed answers 304 without a body. */
function respond(request: Request, body: string, type: string): Response {
  const bytes = new TextEncoder().encode(body)
  const contentType = `${type}; charset=utf-8`
  return sendRepresentation(request, {
    headers: new Headers({ 'content-type': contentType, 'cache-control': 'public, max-age=300' }),
    token: new Bun.CryptoHasher('sha256').update(bytes).digest('hex').slice(0, 32),
    bodies: encodedBodies(bytes, contentType),
  })
}

/** RSS, sitemap and robots.txt, built from published posts and open jobs with absolute URLs on the public origin. */
export function feedRoutes(posts: PublicPostService, jobs: PublicJobService, origin: (request: Request) => string) {
  return new Elysia({ name: 'feeds' })
    .get(SITE_FEED_PATH, async ({ request }) => {
      const base = origin(request)
      const published = await posts.allPublished()
      const items = published
        .map((post) => {
          const url = `${base}${postPath(post.slug)}`
          return [
            '<item>',
            `<title>${xml(post.title)}</title>`,
            `<link>${xml(url)}</link>`,
            `<guid isPermaLink="true">${xml(url)}</guid>`,
            `<pubDate>${rfc822(publishedOn(post))}</pubDate>`,
            `<description>${xml(post.excerpt)}</description>`,
            '</item>',
          ].join('')
        })
        .join('\n')
      const lastBuild = lastChange(published)
      return respond(
        request,
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
          `<title>${xml(site.feedTitle)}</title><link>${base}${PAGES.blog}</link>` +
          `<description>${xml(site.description)}</description><language>en</language>` +
          (lastBuild ? `<lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>` : '') +
          `<atom:link href="${base}${SITE_FEED_PATH}" rel="self" type="application/rss+xml"/>\n${items}\n</channel></rss>\n`,
        'application/rss+xml',
      )
    })
    .get('/sitemap.xml', async ({ request }) => {
      const base = origin(request)
      const [published, openJobs] = await Promise.all([posts.allPublished(), jobs.list()])
      const newest = published[0]?.updatedAt.slice(0, 10)
      const urls = [
        ...SITEMAP_PAGES.map((path) => ({ loc: `${base}${path}`, lastmod: path === PAGES.blog ? newest : undefined })),
        ...published.map((post) => ({ loc: `${base}${postPath(post.slug)}`, lastmod: post.updatedAt.slice(0, 10) })),
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
