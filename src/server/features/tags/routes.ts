import { Elysia, t } from 'elysia'
import { validateTagInput } from '../../../shared/post-schema'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { TagService } from './service'

/** The administrator's tag calls (spec §7); every one needs a session. */
export function tagRoutes(service: TagService, session: AdminSessionPlugin) {
  return new Elysia({ name: 'tags' })
    .use(session)
    .get('/api/tags', () => service.list(), { admin: true })
    .post(
      '/api/tags',
      async ({ request, status }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateTagInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.create(input.value)
        return result.ok ? status(201, result.tag) : status(result.status, { error: result.error })
      },
      { admin: true, parse: 'none' },
    )
    .delete(
      '/api/tags/:id',
      async ({ params, status }) =>
        (await service.remove(params.id)) ? { ok: true } : status(404, { error: 'Tag not found' }),
      { admin: true, params: t.Object({ id: t.Integer({ minimum: 1 }) }), parse: 'none' },
    )
}
