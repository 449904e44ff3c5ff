import type { Checked } from './schema-check'
import { CONNECT_LINKS, type ConnectKey, type SiteLinks } from './site-links'

/*
 * The rules of the owner's links, for the admin's form and the API: apart from site-links.ts, which every
 * page's entry script carries for the footer.
 */

export const SITE_LINK_MAX_LENGTH = 500
export const SITE_LINK_LABELS: Record<'discordUrl' | ConnectKey, string> = {
  discordUrl: 'Discord invite',
  ...(Object.fromEntries(CONNECT_LINKS.map((link) => [link.key, link.label])) as Record<ConnectKey, string>),
}

export const SITE_LINK_MESSAGES = {
  notHttps: (label: string) => `${label} must be a web address starting with https://`,
  tooLong: (label: string) => `${label} must be at most ${SITE_LINK_MAX_LENGTH} characters`,
}

/** The links part of `PUT /api/admin/settings`: any of them, `null` or an empty string hiding one. */
export interface SiteLinksInput {
  discordUrl?: string | null
  connect?: Partial<Record<ConnectKey, string | null>>
}

/** One link as typed: trimmed, empty meaning none, otherwise an https address of reasonable length. */
export function readSiteLink(label: string, value: string | null | undefined): Checked<string | null> {
  const text = value?.trim() ?? ''
  if (text === '') return { ok: true, value: null }
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return { ok: false, error: SITE_LINK_MESSAGES.notHttps(label) }
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password)
    return { ok: false, error: SITE_LINK_MESSAGES.notHttps(label) }
  // Measured as stored: the address written out (IDN host in punycode, the rest percent-encoded).
  if (parsed.href.length > SITE_LINK_MAX_LENGTH) return { ok: false, error: SITE_LINK_MESSAGES.tooLong(label) }
  return { ok: true, value: parsed.href }
}

/** The links as saved over `current`: only those named change. */
export function applySiteLinks(current: SiteLinks, input: SiteLinksInput): Checked<SiteLinks> {
  const next: SiteLinks = { discordUrl: current.discordUrl, connect: { ...current.connect } }
  if (input.discordUrl !== undefined) {
    const discord = readSiteLink(SITE_LINK_LABELS.discordUrl, input.discordUrl)
    if (!discord.ok) return discord
    next.discordUrl = discord.value
  }
  for (const { key, label } of CONNECT_LINKS) {
    const given = input.connect?.[key]
    if (given === undefined) continue
    const checked = readSiteLink(label, given)
    if (!checked.ok) return checked
    next.connect[key] = checked.value
  }
  return { ok: true, value: next }
}
