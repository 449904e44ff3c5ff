import { Elysia } from 'elysia'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { ApplicationService } from './service'

/** The administrator's inbox of applications. */
export function adminApplicationRoutes(service: ApplicationService, session: AdminSessionPlugin) {
  return new Elysia({ name: 'admin-applications' })
    .use(session)
    .get('/api/admin/applications', () => service.list(), { admin: true })
}
