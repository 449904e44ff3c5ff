import { t } from 'elysia'
import { validateTagInput } from '../../../shared/post-schema'
import { adminOnly } from '../../auth/admin-guard'
import type { SessionStore } from '../../auth/sessions'
import { readJsonBody } from '../../http/json-body'
import type { TagService } from './service'

export function tagRoutes(service: TagService, sessions: SessionStore, contentChanged: () => Promise<void>) {
  return adminOnly(sessions, 'tags')
    .get('/api/tags', () => service.list())
    .post(
      '/api/tags',
      async ({ request, status }) => {
        const body = await readJsonBody(request, 4096)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateTagInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.create(input.value)
        if (!result.ok) return status(result.status, { error: result.error })
        await contentChanged()
        return status(201, result.tag)
      },
      { parse: 'none' },
    )
    .delete(
      '/api/tags/:id',
      async ({ params, status }) => {
        if (!(await service.remove(params.id))) return status(404, { error: 'Tag not found' })
        await contentChanged()
        return { ok: true }
      },
      { params: t.Object({ id: t.Integer({ minimum: 1 }) }) },
    )
}
