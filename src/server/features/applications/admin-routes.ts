import { Elysia } from 'elysia'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { ApplicationService } from './service'

/** The administrator's inbox of applications; each look at it is in the audit log (who saw personal data). */
export function adminApplicationRoutes(service: ApplicationService, session: AdminSessionPlugin, record: RecordEvent) {
  return new Elysia({ name: 'admin-applications' }).use(session).get(
    '/api/admin/applications',
    async ({ request }) => {
      const list = await service.list()
      await record(request, 'applications.viewed', `${list.length} applications`)
      return list
    },
    { admin: true },
  )
}
