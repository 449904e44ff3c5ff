import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { HeldEvent } from './counts'

/** Where each kind of page's slugs are, as the public pages show them (a draft or a scheduled post is no page). */
const tables = (now: number) => ({
  post: sql`SELECT slug FROM posts WHERE status = 'published' AND published_at <= ${now} AND slug IN `,
  tag: sql`SELECT slug FROM tags WHERE slug IN `,
  author: sql`SELECT slug FROM staff WHERE slug IN `,
})

const inList = (values: string[]): SQL =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`

/** The slugs of `kind` among `slugs` that name something the site shows, 500 a query. */
async function existing(db: Database, query: SQL, slugs: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let start = 0; start < slugs.length; start += 500) {
    const rows = await db.all<{ slug: string }>(sql`${query}${inList(slugs.slice(start, start + 500))}`)
    for (const row of rows) found.add(row.slug)
  }
  return found
}

/**
 * The events that name real pages, each with the job whose page it is: a post, tag, author or job page is
 * counted only if it exists (a made-up address answers 404 and must not fill the figures), and an
 * application step only for the job of the page it was sent from.
 */
export async function onKnownPages(
  db: Database,
  events: HeldEvent[],
  now: number,
): Promise<{ event: HeldEvent; jobId: number | null }[]> {
  const TABLES = tables(now)
  const slugsOf = (kind: string) => [
    ...new Set(events.flatMap((event) => (event.content?.kind === kind ? [event.content.slug] : []))),
  ]
  const [posts, tags, authors] = await Promise.all(
    (['post', 'tag', 'author'] as const).map((kind) => existing(db, TABLES[kind], slugsOf(kind))),
  )
  const known = { post: posts!, tag: tags!, author: authors! }
  const jobs = new Map<string, number>()
  const jobSlugs = slugsOf('job')
  for (let start = 0; start < jobSlugs.length; start += 500) {
    const rows = await db.all<{ id: number; slug: string }>(
      // As the job pages show them: a draft, or a job never posted, is no page.
      sql`SELECT id, slug FROM jobs WHERE status <> 'draft' AND posted_at IS NOT NULL AND slug IN ${inList(jobSlugs.slice(start, start + 500))}`,
    )
    for (const row of rows) jobs.set(row.slug, row.id)
  }
  return events.flatMap((event): { event: HeldEvent; jobId: number | null }[] => {
    const { content } = event
    if (!content) return event.event === 'view' || event.event === 'newsletter_signup' ? [{ event, jobId: null }] : []
    if (content.kind !== 'job') return known[content.kind].has(content.slug) ? [{ event, jobId: null }] : []
    const jobId = jobs.get(content.slug)
    if (jobId === undefined) return []
    // A step of an application counts for the job whose page sent it, never another.
    if (event.event !== 'view' && event.jobId !== jobId) return []
    return [{ event, jobId }]
  })
}
