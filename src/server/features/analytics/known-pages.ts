import { type SQL, sql } from 'drizzle-orm'
import { FIRST_EVENT_ID } from '../../../shared/events'
import type { Database } from '../../db/client'
import type { HeldEvent } from './counts'

type PageKind = NonNullable<HeldEvent['content']>['kind']

/** Where each kind of page's slugs are, as the public pages show them (a draft, a scheduled post or a job never posted is no page). */
const pagesOf = (now: number): Record<PageKind, SQL> => ({
  post: sql`SELECT id, slug FROM posts WHERE status = 'published' AND published_at <= ${now} AND slug IN `,
  tag: sql`SELECT id, slug FROM tags WHERE slug IN `,
  author: sql`SELECT id, slug FROM staff WHERE slug IN `,
  job: sql`SELECT id, slug FROM jobs WHERE status <> 'draft' AND posted_at IS NOT NULL AND slug IN `,
  // The first event's page is /rdc25, a fixed page: its slug's address only redirects there.
  event: sql`SELECT id, slug FROM events WHERE id <> ${FIRST_EVENT_ID} AND slug IN `,
})

/** A list of values for `IN (…)`. */
export const inList = (values: string[]): SQL =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`

/** The slugs among `slugs` that name a page of the query's kind, with its id: 500 a query. */
async function existing(db: Database, query: SQL, slugs: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (let start = 0; start < slugs.length; start += 500) {
    const rows = await db.all<{ id: number; slug: string }>(sql`${query}${inList(slugs.slice(start, start + 500))}`)
    for (const row of rows) found.set(row.slug, row.id)
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
  const pages = pagesOf(now)
  const kinds = Object.keys(pages) as PageKind[]
  const found = await Promise.all(
    kinds.map((kind) =>
      existing(db, pages[kind], [
        ...new Set(events.flatMap((event) => (event.content?.kind === kind ? [event.content.slug] : []))),
      ]),
    ),
  )
  const known = Object.fromEntries(kinds.map((kind, index) => [kind, found[index]!])) as Record<
    PageKind,
    Map<string, number>
  >
  return events.flatMap((event): { event: HeldEvent; jobId: number | null }[] => {
    const { content } = event
    if (!content) return event.event === 'view' || event.event === 'newsletter_signup' ? [{ event, jobId: null }] : []
    if (content.kind !== 'job') return known[content.kind].has(content.slug) ? [{ event, jobId: null }] : []
    const jobId = known.job.get(content.slug)
    if (jobId === undefined) return []
    // A step of an application counts for the job whose page sent it, never another.
    if (event.event !== 'view' && event.jobId !== jobId) return []
    return [{ event, jobId }]
  })
}
