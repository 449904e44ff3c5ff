import { t } from 'elysia'
import { POST_BODY_LIMIT_BYTES } from '../../../shared/post-rules'
import { validatePostInput } from '../../../shared/post-schema'
import { adminOnly } from '../../auth/admin-guard'
import type { SessionStore } from '../../auth/sessions'
import { readJsonBody } from '../../http/json-body'
import type { AdminPostService } from './admin-service'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/** The administrator's post calls (spec §7); every one needs a session. */
/** `contentChanged` runs after every successful write, so cached public pages are rebuilt. */
export function adminPostRoutes(
  service: AdminPostService,
  sessions: SessionStore,
  contentChanged: () => Promise<void>,
) {
  return adminOnly(sessions, 'admin-posts')
    .get('/api/blog/admin-summary', () => service.summary())
    .get(
      '/api/blog/:id',
      async ({ params, status }) => (await service.get(params.id)) ?? status(404, { error: 'Post not found' }),
      {
        params: idParams,
      },
    )
    .post(
      '/api/blog',
      async ({ request, status }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.create(input.value)
        if (!result.ok) return status(result.status, { error: result.error })
        await contentChanged()
        return status(201, result.post)
      },
      { parse: 'none' },
    )
    .put(
      '/api/blog/:id',
      async ({ request, params, status }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.update(params.id, input.value)
        if (!result.ok) return status(result.status, { error: result.error })
        await contentChanged()
        return result.post
      },
      { params: idParams, parse: 'none' },
    )
    .delete(
      '/api/blog/:id',
      async ({ params, status }) => {
        if (!(await service.remove(params.id))) return status(404, { error: 'Post not found' })
        await contentChanged()
        return { ok: true }
      },
      { params: idParams },
    )
}
