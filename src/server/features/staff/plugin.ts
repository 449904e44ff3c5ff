import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import type { Invitations } from './invitations'
import { staffRoutes } from './routes'
import type { StaffService } from './service'

/** The staff feature: the list, invitations, role and state changes, removal. */
export function staffPlugin(
  { session, record, clientKey }: FeatureDeps,
  {
    people,
    invitations,
    isPreviewerPassword,
  }: { people: StaffService; invitations: Invitations; isPreviewerPassword: (candidate: string) => Promise<boolean> },
) {
  return new Elysia({ name: 'feature:staff' }).use(
    staffRoutes(people, invitations, session, { record, clientKey, isPreviewerPassword }),
  )
}
