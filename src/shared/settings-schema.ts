import { Type } from '@sinclair/typebox'
import { type Checked, checkSchema } from './schema-check'
import { fieldProblem } from './schema-messages'
import { SITE_LINK_LABELS, SITE_LINK_MAX_LENGTH, type SiteLinksInput } from './site-link-rules'
import { CONNECT_LINKS, type ConnectKey, type SiteLinks } from './site-links'

/** The owner's settings (`GET /api/admin/settings`). */
export interface SiteSettings extends SiteLinks {
  /** Lets webhooks reach loopback and private addresses (an on-premises receiver); off by default. */
  webhooksAllowPrivateTargets: boolean
}

/** Room for spaces around a link, which are trimmed; its own length is checked after (site-links.ts). */
const link = Type.Optional(Type.Union([Type.String({ maxLength: SITE_LINK_MAX_LENGTH * 4 }), Type.Null()]))
const ConnectSchema = Type.Object(
  Object.fromEntries(CONNECT_LINKS.map((entry) => [entry.key, link])) as Record<ConnectKey, typeof link>,
  { additionalProperties: false },
)

/** `PUT /api/admin/settings`: any of the settings; those left out keep their value. */
const SettingsSchema = Type.Object(
  {
    webhooksAllowPrivateTargets: Type.Optional(Type.Boolean()),
    discordUrl: link,
    connect: Type.Optional(ConnectSchema),
  },
  { additionalProperties: false },
)
export const SETTINGS_FIELDS = Object.keys(SettingsSchema.properties)

const LABELS = { ...SITE_LINK_LABELS, webhooksAllowPrivateTargets: 'Private targets', connect: 'Connect links' }

interface SettingsChange {
  webhooksAllowPrivateTargets?: boolean
  links: SiteLinksInput
}

export function validateSettings(input: unknown): Checked<SettingsChange> {
  const result = checkSchema(SettingsSchema, input)
  if (result.ok) {
    const { webhooksAllowPrivateTargets, ...links } = result.value
    return { ok: true, value: { webhooksAllowPrivateTargets, links } }
  }
  // A Connect link is named as itself ("Video channel", "Unknown field: forum"), not as the group.
  const connect = (input as { connect?: unknown } | null)?.connect
  const inner = result.error.path.startsWith('/connect/') ? checkSchema(ConnectSchema, connect) : null
  return { ok: false, error: fieldProblem(inner && !inner.ok ? inner.error : result.error, { labels: LABELS }).error }
}
