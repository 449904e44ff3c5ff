import { Elysia } from 'elysia'
import { SETTINGS_FIELDS, type SiteSettings, validateSettings } from '../../../shared/settings-schema'
import { SITE_FACTS_API, type SiteFacts } from '../../../shared/site-facts'
import { can, STAFF_MESSAGES } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { Database } from '../../db/client'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import { allowsPrivateTargets, setAllowPrivateTargets } from '../../webhooks/private-targets'
import type { SiteFactsService } from './service'

/**
 * The owner's settings, `GET`/`PUT /api/admin/settings` (a partial update: what is left out keeps its
 * value), and the links every public page shows, `GET /api/site-facts`, for pages rendered in the browser.
 */
export function settingsRoutes(
  links: SiteFactsService,
  {
    db,
    session,
    record,
    clock,
  }: { db: Database; session: AdminSessionPlugin; record: RecordEvent; clock: () => number },
) {
  /** The settings as answered: the links, and the private-targets choice (as just saved, or as stored). */
  const settings = async (shown: SiteFacts, allow?: boolean): Promise<SiteSettings> => ({
    ...shown,
    webhooksAllowPrivateTargets: allow ?? (await allowsPrivateTargets(db)),
  })
  return (
    new Elysia({ name: 'site-settings' })
      .use(session)
      .get(SITE_FACTS_API, () => links.get())
      // Its name until the details joined the links: pages a browser loaded before an upgrade still ask it.
      .get('/api/site-links', () => links.get())
      .get('/api/admin/settings', async () => settings(await links.get()), { staff: 'site.details' })
      .put(
        '/api/admin/settings',
        async ({ request, status, user }) => {
          const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, SETTINGS_FIELDS)
          if (!body.ok) return status(body.status, { error: body.error })
          const input = validateSettings(body.value)
          if (!input.ok) return status(400, { error: input.error })
          const { webhooksAllowPrivateTargets: allow, facts: change } = input.value
          // Administrators keep the studio's details; webhooks' reach stays the owner's.
          if (allow !== undefined && !can(user.role, 'site.settings'))
            return status(403, { error: STAFF_MESSAGES.forbidden })
          const updated = await links.update(change, clock())
          if (!updated.ok) return status(400, { error: updated.error })
          if (allow !== undefined) await setAllowPrivateTargets(db, allow, clock())
          // Which links changed (never their addresses), and the private-targets choice when it was sent.
          const changed = [
            ...updated.value.changed,
            ...(allow === undefined ? [] : [`webhooksAllowPrivateTargets: ${allow}`]),
          ]
          if (changed.length > 0) await record(request, 'settings.changed', changed.join(', '))
          return settings(updated.value.facts, allow)
        },
        { staff: 'site.details', parse: 'none' },
      )
  )
}
