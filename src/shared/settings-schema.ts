import { Type } from '@sinclair/typebox'
import { type Checked, checkSchema } from './schema-check'
import { fieldProblem } from './schema-messages'
import { FACT_INPUT_MAX_LENGTH, SITE_FACT_LABELS, type SiteFactsInput } from './site-fact-rules'
import { CONNECT_LINKS, type ConnectKey, type SiteFacts } from './site-facts'

/** The owner's settings (`GET /api/admin/settings`). */
export interface SiteSettings extends SiteFacts {
  /** Lets webhooks reach loopback and private addresses (an on-premises receiver); off by default. */
  webhooksAllowPrivateTargets: boolean
}

/** Room for spaces around a value, which are trimmed; its own length is checked after (site-fact-rules.ts). */
const text = Type.Optional(Type.Union([Type.String({ maxLength: FACT_INPUT_MAX_LENGTH }), Type.Null()]))
const ConnectSchema = Type.Object(
  Object.fromEntries(CONNECT_LINKS.map((entry) => [entry.key, text])) as Record<ConnectKey, typeof text>,
  { additionalProperties: false },
)

/** `PUT /api/admin/settings`: any of the settings; those left out keep their value. */
const SettingsSchema = Type.Object(
  {
    webhooksAllowPrivateTargets: Type.Optional(Type.Boolean()),
    contactEmail: text,
    storeUrl: text,
    storeLabel: text,
    discordUrl: text,
    connect: Type.Optional(ConnectSchema),
    tagline: text,
    shareImage: text,
  },
  { additionalProperties: false },
)
export const SETTINGS_FIELDS = Object.keys(SettingsSchema.properties)

const LABELS = { ...SITE_FACT_LABELS, webhooksAllowPrivateTargets: 'Private targets', connect: 'Connect links' }

interface SettingsChange {
  webhooksAllowPrivateTargets?: boolean
  facts: SiteFactsInput
}

export function validateSettings(input: unknown): Checked<SettingsChange> {
  const result = checkSchema(SettingsSchema, input)
  if (result.ok) {
    const { webhooksAllowPrivateTargets, ...facts } = result.value
    return { ok: true, value: { webhooksAllowPrivateTargets, facts } }
  }
  // A Connect link is named as itself ("Video channel", "Unknown field: forum"), not as the group.
  const connect = (input as { connect?: unknown } | null)?.connect
  const inner = result.error.path.startsWith('/connect/') ? checkSchema(ConnectSchema, connect) : null
  return { ok: false, error: fieldProblem(inner && !inner.ok ? inner.error : result.error, { labels: LABELS }).error }
}
