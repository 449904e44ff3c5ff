import { Elysia, t } from 'elysia'
import { POST_BODY_LIMIT_BYTES } from '../../../shared/post-rules'
import { validatePostInput } from '../../../shared/post-schema'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody } from '../../http/json-body'
import type { AdminPostService } from './admin-service'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/** The administrator's post calls (spec §7); every one needs a session. */
export function adminPostRoutes(service: AdminPostService, session: AdminSessionPlugin) {
  return new Elysia({ name: 'admin-posts' })
    .use(session)
    .get('/api/blog/admin-summary', () => service.summary(), { admin: true })
    .get(
      '/api/blog/:id',
      async ({ params, status }) => (await service.get(params.id)) ?? status(404, { error: 'Post not found' }),
      {
        admin: true,
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
        return result.ok
          ? status(201, result.post)
          : status(result.status, { error: result.error, ...(result.code ? { code: result.code } : {}) })
      },
      { admin: true, parse: 'none' },
    )
    .put(
      '/api/blog/:id',
      async ({ request, params, status }) => {
        const body = await readJsonBody(request, POST_BODY_LIMIT_BYTES)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validatePostInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.update(params.id, input.value)
        return result.ok
          ? result.post
          : status(result.status, { error: result.error, ...(result.code ? { code: result.code } : {}) })
      },
      { admin: true, params: idParams, parse: 'none' },
    )
    .delete(
      '/api/blog/:id',
      async ({ params, status }) =>
        (await service.remove(params.id)) ? { ok: true } : status(404, { error: 'Post not found' }),
      { admin: true, params: idParams, parse: 'none' },
    )
}
