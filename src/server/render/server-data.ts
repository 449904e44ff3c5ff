import type { AppData } from '../../app/data/app-data'
import { FEATURED_POSTS_LIMIT, type PostSummary, RELATED_POSTS_LIMIT } from '../../shared/blog'
import type { PreviewerGate } from '../../shared/previewer'
import { SURROGATE_KEYS as KEYS, postSummaryKeys } from '../cache/surrogate-keys'
import type { PostedForm } from '../features/applications/form-post'
import type { ApplicationService } from '../features/applications/service'
import type { EventService } from '../features/event/service'
import type { PublicJobService } from '../features/jobs/service'
import type { DraftLinkService } from '../features/posts/draft-links'
import type { PublicPostService } from '../features/posts/service'
import type { SiteFactsService } from '../features/settings/service'

export interface ServerServices {
  posts: PublicPostService
  jobs: PublicJobService
  event: Pick<EventService, 'first' | 'bySlug' | 'promoted'>
  siteFacts: Pick<SiteFactsService, 'get'>
  draftLinks: DraftLinkService
  applications: ApplicationService
  previewerGate: PreviewerGate
  retentionDays: number
}

/** The keys of a list of posts: which posts it shows (`posts`), and each one shown. */
const listed = (summaries: PostSummary[] | null | undefined) => [
  KEYS.posts,
  ...(summaries ?? []).flatMap(postSummaryKeys),
]

/**
 * The pages' data interface on the server: the same services the JSON API uses, without HTTP. Made per
 * request because a form post is rate-limited by the client that sent it (and was read, or refused, before
 * the page rendered: form-post.ts), and its emails link to the site's origin (SITE_URL). What a page
 * reads is noted in `keys` (surrogate-keys.ts): a change to any of them makes the page out of date.
 */
export function createServerData(
  { posts, jobs, event, siteFacts, draftLinks, applications, previewerGate, retentionDays }: ServerServices,
  { clientKey, origin, posted, keys }: { clientKey: string; origin: string; posted?: PostedForm; keys?: Set<string> },
): AppData {
  /** Reads, noting the keys of what was read. */
  const note = async <T>(read: Promise<T>, keysOf: (value: T) => Iterable<string>): Promise<T> => {
    const value = await read
    if (keys) for (const key of keysOf(value)) keys.add(key)
    return value
  }
  const page = (found: { posts: PostSummary[] } | null) => listed(found?.posts)
  return {
    blog: {
      list: (number, limit) => note(posts.list(number, limit), page),
      byTag: (slug, number, limit) =>
        note(posts.byTag(slug, number, limit), (found) => [...page(found), ...(found ? [KEYS.tag(found.tag.id)] : [])]),
      byAuthor: (slug, number, limit) =>
        note(posts.byAuthor(slug, number, limit), (found) => [
          ...page(found),
          ...(found ? [KEYS.author(found.author.id)] : []),
        ]),
      featured: () => note(posts.featured(FEATURED_POSTS_LIMIT), listed),
      search: (query, limit) =>
        note(posts.search(query, limit), (found) => [KEYS.search, ...found.posts.flatMap(postSummaryKeys)]),
      bySlug: (slug) =>
        note(posts.bySlug(slug), (post) =>
          post ? [...postSummaryKeys(post), ...post.tags.map((tag) => KEYS.tag(tag.id))] : [],
        ),
      related: (slug) => note(posts.related(slug, RELATED_POSTS_LIMIT), listed),
      byDraftLinkToken: (token) => draftLinks.byToken(token),
    },
    event: {
      first: async () => {
        const first = await event.first()
        if (!first) throw new Error('The first event (row 1 of events) is missing')
        keys?.add(KEYS.event(first.id))
        return first
      },
      bySlug: (slug) => note(event.bySlug(slug), (found) => (found ? [KEYS.event(found.id)] : [])),
      promoted: () => note(event.promoted(), (shown) => [KEYS.events, ...shown.map((one) => KEYS.event(one.id))]),
    },
    site: {
      links: () => siteFacts.get(),
    },
    previewer: {
      gate: async () => previewerGate,
    },
    careers: {
      jobs: () => note(jobs.list(), (open) => [KEYS.jobs, ...open.map((job) => KEYS.job(job.id))]),
      jobBySlug: (slug) => note(jobs.bySlug(slug), (job) => (job ? [KEYS.job(job.id)] : [])),
      postedForm: () => posted?.form ?? null,
      async submitApplication(application, { idempotencyKey, resume } = {}) {
        const file = resume ? { name: resume.name, bytes: new Uint8Array(await resume.arrayBuffer()) } : null
        const counted = posted?.counted ?? false
        const result = await applications.submit(application, {
          clientKey,
          idempotencyKey,
          resume: file,
          origin,
          counted,
        })
        // The page answers with the posted form's headers: a refusal that says when to come back says it there.
        if (!result.ok && result.retryAfterSeconds && posted)
          posted.headers['retry-after'] = String(result.retryAfterSeconds)
        return result
      },
      privacy: async () => ({ retentionDays }),
    },
  }
}
