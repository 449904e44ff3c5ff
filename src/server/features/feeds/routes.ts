import { Elysia, t } from 'elysia'
import { site } from '../../../content/site'
import { FEED_FULL_POSTS, FEED_POSTS_LIMIT } from '../../../shared/blog'
import { authorFeedPath, authorPath, PAGES, SITE_FEED_PATH, tagFeedPath, tagPath } from '../../../shared/paths'
import type { EventService } from '../event/service'
import type { PublicJobService } from '../jobs/service'
import type { PublicPostService } from '../posts/service'
import type { FeedCache, FeedDocument } from './feed-cache'
import type { RssChannel } from './rss'
import { SITEMAP_MAX_URLS, sitemapDocument, sitemapFileNumber, sitemapUrls } from './sitemap'

const RSS_TYPE = 'application/rss+xml'

export interface FeedRouteOptions {
  /** The public origin of a request: every link in a feed is absolute on it. */
  origin: (request: Request) => string
  /** Where feeds are kept, once per content version (shared with the front door: `feedsFromMemory`). */
  feeds: FeedCache
  /** URLs in one sitemap file (the protocol's limit unless a test asks for fewer). */
  sitemapUrlsPerFile?: number
}

/** Where the feed `name` of an origin is kept. */
const feedKey = (base: string, name: string) => `${base}|${name}`

/** The feeds a flood would ask for most, by path: answered by the front door once kept. */
function frontDoorFeed(pathname: string): string | null {
  if (pathname === SITE_FEED_PATH) return 'rss'
  if (pathname === '/robots.txt') return 'robots'
  if (pathname === '/sitemap.xml') return 'sitemap-0'
  const file = pathname.startsWith('/sitemap-') ? sitemapFileNumber(pathname.slice('/sitemap-'.length)) : null
  return file === null ? null : `sitemap-${file}`
}

/** The route pattern of a feed the front door answered, for the metrics (as the app's routes name it). */
export const feedRoute = (pathname: string) => (pathname.startsWith('/sitemap-') ? '/sitemap-:file' : pathname)

/** The blog's feed, robots.txt and the sitemap's files from memory, for the front door; null otherwise. */
export function feedsFromMemory(feeds: FeedCache, origin: (request: Request) => string) {
  return (request: Request, pathname: string): Response | null => {
    const name = frontDoorFeed(pathname)
    return name ? feeds.peek(request, feedKey(origin(request), name)) : null
  }
}

/**
 * RSS, sitemap and robots.txt, built from published posts and open jobs with absolute URLs on the public
 * origin, each once per content version and origin (feed-cache.ts). A feed of posts carries the newest
 * FEED_POSTS_LIMIT; another feed (an author's) is one more route reading its page of posts.
 */
export function feedRoutes(
  { posts, jobs, event }: { posts: PublicPostService; jobs: PublicJobService; event: Pick<EventService, 'listed'> },
  { origin, feeds, sitemapUrlsPerFile = SITEMAP_MAX_URLS }: FeedRouteOptions,
) {
  /** The feed `name` on this request's origin, kept or built. */
  const serve = <Found extends FeedDocument | null>(
    request: Request,
    name: string,
    build: (base: string) => Promise<Found>,
  ) => {
    const base = origin(request)
    return feeds.serve(request, feedKey(base, name), () => build(base))
  }
  const rss = async (channel: RssChannel, base: string, page: Awaited<ReturnType<PublicPostService['list']>>) => {
    // Loaded with the first feed, not at start: its sanitize-html took 20 ms of every start (decision 0042).
    const { rssDocument } = await import('./rss')
    const contents = await posts.contentsOf(page.posts.slice(0, FEED_FULL_POSTS).map((post) => post.id))
    return { body: rssDocument(channel, base, page.posts, contents), type: RSS_TYPE }
  }
  const sitemap = (request: Request, file: number) =>
    serve(request, `sitemap-${file}`, async (base) => {
      const body = sitemapDocument(await sitemapUrls(posts, jobs, event, base), base, file, sitemapUrlsPerFile)
      return body === null ? null : { body, type: 'application/xml' }
    })

  return (
    new Elysia({ name: 'feeds' })
      .get(SITE_FEED_PATH, ({ request }) =>
        serve(request, 'rss', async (base) => {
          const channel = {
            title: site.feedTitle,
            link: `${base}${PAGES.blog}`,
            self: `${base}${SITE_FEED_PATH}`,
            description: site.description,
          }
          return rss(channel, base, await posts.list(1, FEED_POSTS_LIMIT))
        }),
      )
      .get(
        '/blog/tag/:slug/rss.xml',
        async ({ request, params, status }) =>
          (await serve(request, `tag|${params.slug}`, async (base) => {
            const page = await posts.byTag(params.slug, 1, FEED_POSTS_LIMIT)
            if (!page) return null
            const channel = {
              title: `${site.name} Blog: ${page.tag.name}`,
              link: `${base}${tagPath(page.tag.slug)}`,
              self: `${base}${tagFeedPath(page.tag.slug)}`,
              description: `Posts tagged ${page.tag.name} on the ${site.name} blog.`,
            }
            return rss(channel, base, page)
          })) ?? status(404, { error: 'Tag not found' }),
      )
      .get(
        '/blog/author/:slug/rss.xml',
        async ({ request, params, status }) =>
          (await serve(request, `author|${params.slug}`, async (base) => {
            const page = await posts.byAuthor(params.slug, 1, FEED_POSTS_LIMIT)
            if (!page) return null
            const channel = {
              title: `${site.name} Blog: ${page.author.name}`,
              link: `${base}${authorPath(page.author.slug)}`,
              self: `${base}${authorFeedPath(page.author.slug)}`,
              description: `Posts by ${page.author.name} on the ${site.name} blog.`,
            }
            return rss(channel, base, page)
          })) ?? status(404, { error: 'Author not found' }),
      )
      // File 0, the sitemap itself (or its index), always exists.
      .get('/sitemap.xml', async ({ request }) => (await sitemap(request, 0))!)
      // Past SITEMAP_MAX_URLS, /sitemap.xml is an index of /sitemap-1.xml, /sitemap-2.xml…
      .get(
        '/sitemap-:file',
        async ({ request, params, status }) => {
          const file = sitemapFileNumber(params.file)
          return (file !== null && (await sitemap(request, file))) || status(404, { error: 'Sitemap not found' })
        },
        // The router takes the parameter after the dash, which Elysia's types do not see.
        { params: t.Object({ file: t.String() }) },
      )
      .get('/robots.txt', ({ request }) =>
        serve(request, 'robots', async (base) => ({
          body: `User-agent: *\nDisallow: ${PAGES.admin}\nDisallow: ${PAGES.previewer}\n\nSitemap: ${base}/sitemap.xml\n`,
          type: 'text/plain',
        })),
      )
  )
}
