import { Elysia, t } from 'elysia'
import { TagInputSchema, validateTagInput } from '../../../shared/post-schema'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { TagService } from './service'

/** The administrator's tag calls (spec §7); every one needs a session. */
export function tagRoutes(service: TagService, session: AdminSessionPlugin, record: RecordEvent) {
  return new Elysia({ name: 'tags' })
    .use(session)
    .get('/api/tags', () => service.list(), { staff: 'posts.read' })
    .post(
      '/api/tags',
      async ({ request, status }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, Object.keys(TagInputSchema.properties))
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateTagInput(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const result = await service.create(input.value)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'tag.created', result.tag.name)
        return status(201, result.tag)
      },
      { staff: 'tags.manage', parse: 'none' },
    )
    .delete(
      '/api/tags/:id',
      async ({ params, request, status }) => {
        const tag = (await service.list()).find((candidate) => candidate.id === params.id)
        if (!tag || !(await service.remove(params.id))) return status(404, { error: 'Tag not found' })
        await record(request, 'tag.deleted', tag.name)
        return { ok: true }
      },
      { staff: 'tags.manage', params: t.Object({ id: t.Integer({ minimum: 1 }) }), parse: 'none' },
    )
}
