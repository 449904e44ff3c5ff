import { eventPath } from '../../../shared/events'
import { authorPath, jobPath, PAGES, postPath, tagPath } from '../../../shared/paths'
import type { EventService } from '../event/service'
import type { PublicJobService } from '../jobs/service'
import type { PublicPostService } from '../posts/service'
import { xml } from './xml-text'

/** The sitemaps protocol's limit of URLs in one file; past it the sitemap becomes an index of files. */
export const SITEMAP_MAX_URLS = 50_000

export interface SitemapUrl {
  /** Absolute. */
  loc: string
  /** YYYY-MM-DD. */
  lastmod?: string
}

/** Public pages listed in the sitemap besides the posts; features add theirs here. */
export const SITEMAP_PAGES = [PAGES.home, PAGES.blog, PAGES.jobs]

/**
 * Every public URL on `base`: the pages, then each published post, each tag's page, each author's page
 * and each open job. A post hidden from search engines, or whose canonical URL is another address, is
 * left out: a sitemap lists only the addresses to index.
 */
export async function sitemapUrls(
  posts: Pick<PublicPostService, 'allPublished' | 'publicTags' | 'publicAuthors'>,
  jobs: Pick<PublicJobService, 'list'>,
  events: Pick<EventService, 'listed'>,
  base: string,
): Promise<SitemapUrl[]> {
  const [published, tags, authors, openJobs, listedEvents] = await Promise.all([
    posts.allPublished(),
    posts.publicTags(),
    posts.publicAuthors(),
    jobs.list(),
    events.listed(),
  ])
  const newest = published[0]?.updatedAt.slice(0, 10)
  return [
    ...SITEMAP_PAGES.map((path) => ({ loc: `${base}${path}`, lastmod: path === PAGES.blog ? newest : undefined })),
    ...published.flatMap((post) => {
      const loc = `${base}${postPath(post.slug)}`
      const listed = !post.noindex && (!post.canonicalUrl || post.canonicalUrl === loc)
      return listed ? [{ loc, lastmod: post.updatedAt.slice(0, 10) }] : []
    }),
    ...tags.map((tag) => ({ loc: `${base}${tagPath(tag.slug)}`, lastmod: tag.updatedAt.slice(0, 10) })),
    ...authors.map((author) => ({ loc: `${base}${authorPath(author.slug)}`, lastmod: author.updatedAt.slice(0, 10) })),
    ...openJobs.map((job) => ({ loc: `${base}${jobPath(job.slug)}`, lastmod: job.updatedAt.slice(0, 10) })),
    ...listedEvents.map((event) => ({ loc: `${base}${eventPath(event)}`, lastmod: event.updatedAt.slice(0, 10) })),
  ]
}

/** The address of the sitemap file numbered `file` (from 1), listed by the index. */
export const sitemapFilePath = (file: number) => `/sitemap-${file}.xml`

/** The file number in `/sitemap-<n>.xml` (what follows the dash); null for anything else. */
export function sitemapFileNumber(name: string): number | null {
  const match = /^([1-9]\d{0,8})\.xml$/.exec(name)
  return match ? Number(match[1]) : null
}

const entry = (tag: 'url' | 'sitemap', { loc, lastmod }: SitemapUrl) =>
  `<${tag}><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`

const document = (root: 'urlset' | 'sitemapindex', lines: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
  `${lines.join('\n')}\n</${root}>\n`

/** The newest lastmod of these URLs (dates as YYYY-MM-DD sort as text): a file changed when one of them did. */
const newestOf = (urls: SitemapUrl[]) =>
  urls.reduce<string | undefined>(
    (newest, { lastmod }) => (lastmod && !(newest && newest >= lastmod) ? lastmod : newest),
    undefined,
  )

/**
 * The sitemap document at `/sitemap.xml` (file 0) or `/sitemap-<file>.xml`: every URL in one file while
 * they fit in `perFile`; past that an index at `/sitemap.xml` naming files of `perFile` URLs each.
 * Null when there is no such file.
 */
export function sitemapDocument(urls: SitemapUrl[], base: string, file: number, perFile: number): string | null {
  const files = Math.ceil(urls.length / perFile)
  const urlset = (part: SitemapUrl[]) =>
    document(
      'urlset',
      part.map((url) => entry('url', url)),
    )
  const urlsOf = (n: number) => urls.slice((n - 1) * perFile, n * perFile)
  if (files <= 1) return file === 0 ? urlset(urls) : null
  if (file > files) return null
  if (file > 0) return urlset(urlsOf(file))
  const index = Array.from({ length: files }, (_, i) =>
    entry('sitemap', { loc: `${base}${sitemapFilePath(i + 1)}`, lastmod: newestOf(urlsOf(i + 1)) }),
  )
  return document('sitemapindex', index)
}
