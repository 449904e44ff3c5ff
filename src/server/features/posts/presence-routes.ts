import { Elysia, t } from 'elysia'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { PostPresence } from './presence'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/** The editor's presence calls: "I have this post open" (answered with who else has), and "I closed it". */
export function postPresenceRoutes(presence: PostPresence, session: AdminSessionPlugin) {
  return new Elysia({ name: 'post-presence' })
    .use(session)
    .put(
      '/api/blog/:id/presence',
      async ({ params, sessionId, user }) => ({ editing: await presence.here(params.id, sessionId, user.id) }),
      { staff: 'posts.write', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/blog/:id/presence',
      async ({ params, sessionId }) => {
        await presence.gone(params.id, sessionId)
        return { ok: true }
      },
      { staff: 'posts.write', params: idParams, parse: 'none' },
    )
}
