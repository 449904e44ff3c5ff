import { Elysia, t } from 'elysia'
import type { AdminPostDetail } from '../../../shared/blog'
import { draftLinkPath } from '../../../shared/paths'
import { POST_BODY_LIMIT_BYTES } from '../../../shared/post-rules'
import { PostInputSchema, validatePostInput } from '../../../shared/post-schema'
import { postVersionTag, type StalePostAnswer } from '../../../shared/post-version'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody } from '../../http/json-body'
import type { AdminPostService, WriteResult } from './admin-service'
import type { DraftLinkService } from './draft-links'

const POST_INPUT_FIELDS = Object.keys(PostInputSchema.properties)

/**
 * Who saved a post's standing version. One account signs in today (the administrator); named staff accounts
 * (issue 38) will name the person.
 */
const SAVED_BY = 'The administrator'

/** A refused write's answer: its message, the slug-redirect code, or (412) who saved the standing version when. */
function refusal(result: Extract<WriteResult, { ok: false }>) {
  if (result.status === 412)
    return { error: result.error, savedBy: SAVED_BY, savedAt: result.savedAt } satisfies StalePostAnswer
  return { error: result.error, ...(result.code ? { code: result.code } : {}) }
}
const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })
const revisionParams = t.Object({ id: t.Integer({ minimum: 1 }), revisionId: t.Integer({ minimum: 1 }) })

/** The administrator's post calls (spec §7); every one needs a session. */
export function adminPostRoutes(
  service: AdminPostService,
  session: AdminSessionPlugin,
  {
    draftLinks,
    origin,
    record,
  }: { draftLinks: DraftLinkService; origin: (request: Request) => string; record: RecordEvent },
) {
  const draftLinkUrl = (request: Request, token: string) => new URL(draftLinkPath(token), origin(request)).href
  return new Elysia({ name: 'admin-posts' })
    .use(session)
    .post(
      '/api/blog/:id/draft-link',
      async ({ params, request, status }) => {
        const token = await draftLinks.regenerate(params.id)
        return token ? { draftLinkUrl: draftLinkUrl(request, token) } : status(404, { error: 'Post not found' })
      },
      { admin: true, params: idParams, parse: 'none' },
    )
    .get('/api/blog/admin-summary', () => service.summary(), { admin: true })
    .get(
      '/api/blog/:id',
      async ({ params, request, status }) => {
        const [post, token] = await Promise.all([service.get(params.id), draftLinks.tokenOf(params.id)])
        if (!post || !token) return status(404, { error: 'Post not found' })
        // A Response of its own: its ETag names these bytes, which the answer mapping then leaves uncompressed.
        return Response.json({ ...post, draftLinkUrl: draftLinkUrl(request, token) } satisfies AdminPostDetail, {
          headers: { etag: postVersionTag(post.updatedAt), 'cache-control': 'no-store' },
        })
      },
      {
        admin: true,
        params: idParams,
      },
    )
    .post(
      '/api/blog',
      async ({ request, status }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES, POST_INPUT_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.create(input.value)
        if (!result.ok) return status(result.status, refusal(result))
        await record(request, 'post.created', result.post.title)
        if (result.post.status === 'published') await record(request, 'post.published', result.post.title)
        return status(201, result.post)
      },
      { admin: true, parse: 'none' },
    )
    .put(
      '/api/blog/:id',
      async ({ request, params, status }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES, POST_INPUT_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const before = await service.get(params.id)
        const result = await service.update(params.id, input.value, request.headers.get('if-match'))
        if (!result.ok) return status(result.status, refusal(result))
        await record(request, 'post.updated', result.post.title)
        if (result.post.status === 'published' && before?.status !== 'published')
          await record(request, 'post.published', result.post.title)
        return result.post
      },
      { admin: true, params: idParams, parse: 'none' },
    )
    .delete(
      '/api/blog/:id',
      async ({ params, request, status }) => {
        const post = await service.get(params.id)
        if (!post || !(await service.remove(params.id))) return status(404, { error: 'Post not found' })
        await record(request, 'post.deleted', post.title)
        return { ok: true }
      },
      { admin: true, params: idParams, parse: 'none' },
    )
    .get(
      '/api/blog/:id/revisions',
      async ({ params, status }) => (await service.revisions(params.id)) ?? status(404, { error: 'Post not found' }),
      { admin: true, params: idParams },
    )
    .get(
      '/api/blog/:id/revisions/:revisionId',
      async ({ params, status }) => {
        const read = await service.revision(params.id, params.revisionId)
        return read.ok ? read.revision : status(read.status, { error: read.error })
      },
      { admin: true, params: revisionParams },
    )
    .post(
      '/api/blog/:id/revisions/:revisionId/restore',
      async ({ params, request, status }) => {
        const result = await service.restore(params.id, params.revisionId, request.headers.get('if-match'))
        if (!result.ok) return status(result.status, refusal(result))
        await record(request, 'post.updated', `${result.post.title} (an earlier version restored)`)
        return result.post
      },
      { admin: true, params: revisionParams, parse: 'none' },
    )
}
