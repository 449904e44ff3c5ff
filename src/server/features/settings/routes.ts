import { Elysia } from 'elysia'
import { SETTINGS_FIELDS, type SiteSettings, validateSettings } from '../../../shared/settings-schema'
import { applySiteLinks, SITE_LINK_LABELS, type SiteLinksInput } from '../../../shared/site-link-rules'
import { type ConnectKey, SITE_LINKS_API } from '../../../shared/site-links'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { Database } from '../../db/client'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import { allowsPrivateTargets, setAllowPrivateTargets } from '../../webhooks/private-targets'
import type { SiteLinksService } from './service'

/** The audit log's line: which links changed (not their addresses), and the private-targets choice. */
function describeChange(change: SiteLinksInput, allow: boolean | undefined): string {
  const named = [
    ...(change.discordUrl === undefined ? [] : [SITE_LINK_LABELS.discordUrl]),
    ...Object.keys(change.connect ?? {}).map((key) => SITE_LINK_LABELS[key as ConnectKey]),
    ...(allow === undefined ? [] : [`webhooksAllowPrivateTargets: ${allow}`]),
  ]
  return named.join(', ') || 'nothing'
}

/**
 * The owner's settings, `GET`/`PUT /api/admin/settings` (a partial update: what is left out keeps its
 * value), and the links every public page shows, `GET /api/site-links`, for pages rendered in the browser.
 */
export function settingsRoutes(
  links: SiteLinksService,
  {
    db,
    session,
    record,
    clock,
  }: { db: Database; session: AdminSessionPlugin; record: RecordEvent; clock: () => number },
) {
  const settings = async (): Promise<SiteSettings> => ({
    ...(await links.get()),
    webhooksAllowPrivateTargets: await allowsPrivateTargets(db),
  })
  return new Elysia({ name: 'site-settings' })
    .use(session)
    .get(SITE_LINKS_API, () => links.get())
    .get('/api/admin/settings', settings, { staff: 'site.settings' })
    .put(
      '/api/admin/settings',
      async ({ request, status }) => {
        const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, SETTINGS_FIELDS)
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateSettings(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const { webhooksAllowPrivateTargets: allow, links: change } = input.value
        const next = applySiteLinks(await links.get(), change)
        if (!next.ok) return status(400, { error: next.error })
        if (change.discordUrl !== undefined || change.connect !== undefined) await links.save(next.value, clock())
        if (allow !== undefined) await setAllowPrivateTargets(db, allow, clock())
        const saved = await settings()
        await record(request, 'settings.changed', describeChange(change, allow))
        return saved
      },
      { staff: 'site.settings', parse: 'none' },
    )
}
