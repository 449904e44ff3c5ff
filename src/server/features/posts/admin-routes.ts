import { Elysia, t } from 'elysia'
import { readAdminPostQuery } from '../../../shared/admin-post-query'
import type { AdminPostDetail } from '../../../shared/blog'
import { NEWSLETTER_MESSAGES, type NewsletterProgress } from '../../../shared/newsletter'
import { draftLinkPath } from '../../../shared/paths'
import { BulkInputSchema, validateBulkInput } from '../../../shared/post-bulk'
import { type PostFacts, postChangeProblem } from '../../../shared/post-permissions'
import { POST_BODY_LIMIT_BYTES, POST_MESSAGES } from '../../../shared/post-rules'
import { PostInputSchema, validatePostInput } from '../../../shared/post-schema'
import { postVersionTag, type StalePostAnswer } from '../../../shared/post-version'
import { can } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody } from '../../http/json-body'
import type { AdminPostService, WriteResult } from './admin-service'
import { runBulkAction } from './bulk-actions'
import type { DraftLinkService } from './draft-links'
import type { EmailFlag } from './email-flag'

const POST_INPUT_FIELDS = Object.keys(PostInputSchema.properties)
const BULK_INPUT_FIELDS = Object.keys(BulkInputSchema.properties)
/** A hundred ids and an action. */
const BULK_BODY_LIMIT_BYTES = 16 * 1024

/** A refused write's answer: its message, the slug-redirect code, or (412) who saved the standing version when. */
async function refusal(service: AdminPostService, id: number | null, result: Extract<WriteResult, { ok: false }>) {
  if (result.status === 412)
    return {
      error: result.error,
      savedBy: id === null ? 'Someone' : await service.lastSavedBy(id),
      savedAt: result.savedAt,
    } satisfies StalePostAnswer
  return { error: result.error, ...(result.code ? { code: result.code } : {}) }
}
const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })
const revisionParams = t.Object({ id: t.Integer({ minimum: 1 }), revisionId: t.Integer({ minimum: 1 }) })

/**
 * The admin's post calls (spec §7); every one needs a session whose role may write posts, and a change
 * to one post is checked against its author and status (post-permissions.ts).
 */
export function adminPostRoutes(
  service: AdminPostService,
  session: AdminSessionPlugin,
  {
    draftLinks,
    origin,
    record,
    newsletterOf,
    emailFlag,
  }: {
    draftLinks: DraftLinkService
    origin: (request: Request) => string
    record: RecordEvent
    newsletterOf: (postId: number) => Promise<NewsletterProgress | null>
    emailFlag: EmailFlag
  },
) {
  const draftLinkUrl = (request: Request, token: string) => new URL(draftLinkPath(token), origin(request)).href
  return new Elysia({ name: 'admin-posts' })
    .use(session)
    .post(
      '/api/blog/:id/draft-link',
      async ({ params, request, status, user }) => {
        const post = await service.get(params.id)
        if (!post) return status(404, { error: 'Post not found' })
        const problem = postChangeProblem(user, post, null)
        if (problem) return status(403, { error: problem })
        const token = await draftLinks.regenerate(params.id)
        return token ? { draftLinkUrl: draftLinkUrl(request, token) } : status(404, { error: 'Post not found' })
      },
      { staff: 'posts.write', params: idParams, parse: 'none' },
    )
    .get(
      '/api/blog/admin-summary',
      async ({ request, status, set }) => {
        const query = readAdminPostQuery(new URL(request.url).searchParams)
        if (!query) return service.summary()
        if (!query.ok) return status(400, { error: query.error })
        const page = await service.find(query.value)
        set.headers['x-total-count'] = String(page.total)
        return page.posts
      },
      { staff: 'posts.read' },
    )
    .get(
      '/api/blog/:id',
      async ({ params, request, status, user }) => {
        const [post, token, emailSubscribers, newsletter] = await Promise.all([
          service.get(params.id),
          draftLinks.tokenOf(params.id),
          emailFlag.isOn(params.id),
          newsletterOf(params.id),
        ])
        if (!post || !token) return status(404, { error: 'Post not found' })
        // Someone else's draft link is theirs to share: a person who may not change the post is not given it.
        const mayShare = postChangeProblem(user, post, null) === null
        // A Response of its own: its ETag names these bytes, which the answer mapping then leaves uncompressed.
        return Response.json(
          {
            ...post,
            draftLinkUrl: mayShare ? draftLinkUrl(request, token) : null,
            emailSubscribers,
            newsletter,
          } satisfies AdminPostDetail,
          {
            headers: { etag: postVersionTag(post.updatedAt), 'cache-control': 'no-store' },
          },
        )
      },
      {
        staff: 'posts.read',
        params: idParams,
      },
    )
    .post(
      '/api/blog/bulk',
      async ({ request, status, user }) => {
        const body = await readJsonBody(request, BULK_BODY_LIMIT_BYTES, BULK_INPUT_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateBulkInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const { tagId } = input.value
        if (tagId !== undefined && !(await service.tagExists(tagId)))
          return status(400, { error: POST_MESSAGES.unknownTags([tagId]) })
        return runBulkAction(service, user, input.value, (type, title) => record(request, type, title))
      },
      { staff: 'posts.write', parse: 'none' },
    )
    .post(
      '/api/blog',
      async ({ request, status, user }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES, POST_INPUT_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const { status: nextStatus, featured, authorId } = input.value
        const problem = postChangeProblem(user, null, { status: nextStatus, featured: !!featured, authorId })
        if (problem) return status(403, { error: problem })
        if (input.value.emailSubscribers && !can(user.role, 'newsletter.send'))
          return status(403, { error: NEWSLETTER_MESSAGES.sendForbidden })
        const result = await service.create(input.value, user.id)
        if (!result.ok) return status(result.status, await refusal(service, null, result))
        await record(request, 'post.created', result.post.title)
        if (result.post.status === 'published') await record(request, 'post.published', result.post.title)
        return status(201, result.post)
      },
      { staff: 'posts.write', parse: 'none' },
    )
    .put(
      '/api/blog/:id',
      async ({ request, params, status, user }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES, POST_INPUT_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const before = await service.get(params.id)
        if (!before) return status(404, { error: 'Post not found' })
        const { status: nextStatus, featured, authorId } = input.value
        // Judged here and again in the write, on the post as it is then.
        const problem = (post: PostFacts) =>
          postChangeProblem(user, post, { status: nextStatus, featured: !!featured, authorId })
        const refused = problem(before)
        if (refused) return status(403, { error: refused })
        // Changing it is an editor's call; a save that keeps it as it is (an author's edit) changes nothing.
        const emailing = input.value.emailSubscribers
        const emailingNow = emailing === undefined ? undefined : await emailFlag.isOn(params.id)
        if (emailing !== emailingNow) {
          if (!can(user.role, 'newsletter.send')) return status(403, { error: NEWSLETTER_MESSAGES.sendForbidden })
          if (emailing && (await emailFlag.tooLate(params.id)))
            return status(400, { error: NEWSLETTER_MESSAGES.emailAfterPublishing })
        }
        const ifMatch = request.headers.get('if-match')
        // An unchanged byline is not checked again: its author may have left since the post was written. An
        // unchanged box is left as the write finds it: an editor may have ticked it since this form was filled.
        const changes = {
          ...input.value,
          ...(authorId === before.authorId ? { authorId: undefined } : {}),
          ...(emailing === emailingNow ? { emailSubscribers: undefined } : {}),
        }
        const result = await service.update(params.id, changes, { ifMatch, problem, by: user.id })
        if (!result.ok) return status(result.status, await refusal(service, params.id, result))
        await record(request, 'post.updated', result.post.title)
        // Published by this save, as the write found the post (not as it was read before it).
        if (result.published) await record(request, 'post.published', result.post.title)
        return result.post
      },
      { staff: 'posts.write', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/blog/:id',
      async ({ params, request, status, user }) => {
        const removed = await service.remove(params.id, (post) => postChangeProblem(user, post, null))
        if (!removed.ok) return status(removed.status, { error: removed.error })
        await record(request, 'post.deleted', removed.title)
        return { ok: true }
      },
      { staff: 'posts.write', params: idParams, parse: 'none' },
    )
    .get(
      '/api/blog/:id/revisions',
      async ({ params, status }) => (await service.revisions(params.id)) ?? status(404, { error: 'Post not found' }),
      { staff: 'posts.read', params: idParams },
    )
    .get(
      '/api/blog/:id/revisions/:revisionId',
      async ({ params, status }) => {
        const read = await service.revision(params.id, params.revisionId)
        return read.ok ? read.revision : status(read.status, { error: read.error })
      },
      { staff: 'posts.read', params: revisionParams },
    )
    .post(
      '/api/blog/:id/revisions/:revisionId/restore',
      async ({ params, request, status, user }) => {
        const [before, read] = await Promise.all([
          service.get(params.id),
          service.revision(params.id, params.revisionId),
        ])
        if (!before) return status(404, { error: 'Post not found' })
        if (!read.ok) return status(read.status, { error: read.error })
        // The version restored is a change like any save: its status and carousel flag are checked too.
        const { status: restoredStatus, featured } = read.revision
        const problem = (post: PostFacts) => postChangeProblem(user, post, { status: restoredStatus, featured })
        const refused = problem(before)
        if (refused) return status(403, { error: refused })
        const ifMatch = request.headers.get('if-match')
        const result = await service.restore(params.id, params.revisionId, { ifMatch, problem, by: user.id })
        if (!result.ok) return status(result.status, await refusal(service, params.id, result))
        await record(request, 'post.updated', `${result.post.title} (an earlier version restored)`)
        if (result.published) await record(request, 'post.published', result.post.title)
        return result.post
      },
      { staff: 'posts.write', params: revisionParams, parse: 'none' },
    )
}
