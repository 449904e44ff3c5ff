import { EMAIL_MAX_LENGTH, isEmail } from './email'
import type { Checked } from './schema-check'
import { CONNECT_LINKS, type ConnectKey, type SiteFacts } from './site-facts'
import { SITE_IMAGE_RULE, SITE_PATH } from './site-image'

/*
 * The rules of the owner's site facts, for the admin's form and the API: apart from site-facts.ts, which every
 * page's entry script carries for the header and footer.
 */

export const SITE_LINK_MAX_LENGTH = 500
export const STORE_LABEL_MAX_LENGTH = 24
export const TAGLINE_MAX_LENGTH = 80

/** Each fact as the form shows it: the Connect links are fields of their own. */
export type FactField = Exclude<keyof SiteFacts, 'connect'> | ConnectKey

export const SITE_FACT_LABELS: Record<FactField, string> = {
  contactEmail: 'Contact address',
  storeUrl: 'Store address',
  storeLabel: 'Store link text',
  tagline: 'Tagline',
  shareImage: 'Default share image',
  discordUrl: 'Discord invite',
  ...(Object.fromEntries(CONNECT_LINKS.map((link) => [link.key, link.label])) as Record<ConnectKey, string>),
}

export const SITE_FACT_MESSAGES = {
  notHttps: (label: string) => `${label} must be a web address starting with https://`,
  tooLong: (label: string, max = SITE_LINK_MAX_LENGTH) => `${label} must be at most ${max} characters`,
  required: (label: string) => `${label} is required`,
  notEmail: 'Contact address must be an email address, like hello@studio.com',
  notImage: SITE_IMAGE_RULE('Default share image'),
  oneLine: (label: string) => `${label} must be one line of text`,
}

/** The settings' facts part of `PUT /api/admin/settings`: any of them; `null` or '' clears an optional one. */
export type SiteFactsInput = Partial<Record<Exclude<keyof SiteFacts, 'connect'>, string | null>> & {
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
    return { ok: false, error: SITE_FACT_MESSAGES.notHttps(label) }
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password)
    return { ok: false, error: SITE_FACT_MESSAGES.notHttps(label) }
  // Measured as stored: the address written out (IDN host in punycode, the rest percent-encoded).
  if (parsed.href.length > SITE_LINK_MAX_LENGTH) return { ok: false, error: SITE_FACT_MESSAGES.tooLong(label) }
  return { ok: true, value: parsed.href }
}

const required =
  (read: (label: string, text: string) => Checked<string | null>) =>
  (label: string, value: string | null | undefined): Checked<string | null> => {
    const text = value?.trim() ?? ''
    return text === '' ? { ok: false, error: SITE_FACT_MESSAGES.required(label) } : read(label, text)
  }

const line = (max: number) =>
  required((label, text) => {
    if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text)) return { ok: false, error: SITE_FACT_MESSAGES.oneLine(label) }
    return text.length > max ? { ok: false, error: SITE_FACT_MESSAGES.tooLong(label, max) } : { ok: true, value: text }
  })

function readShareImage(label: string, value: string | null | undefined): Checked<string | null> {
  const text = value?.trim() ?? ''
  if (text === '') return { ok: true, value: null }
  if (SITE_PATH.test(text)) {
    return text.length > SITE_LINK_MAX_LENGTH
      ? { ok: false, error: SITE_FACT_MESSAGES.tooLong(label) }
      : { ok: true, value: text }
  }
  const link = readSiteLink(label, text)
  return link.ok ? link : { ok: false, error: SITE_FACT_MESSAGES.notImage }
}

/** How each fact is read from what was typed: its value as stored, or why not. */
export const READ_FACT: Record<FactField, (label: string, value: string | null | undefined) => Checked<string | null>> =
  {
    // A bare address: a mail link's `?bcc=` or `#` would ride along in every page's Contact link.
    contactEmail: required((_label, text) =>
      isEmail(text) && !/[?#&%/]/.test(text)
        ? { ok: true, value: text }
        : { ok: false, error: SITE_FACT_MESSAGES.notEmail },
    ),
    storeUrl: required(readSiteLink),
    storeLabel: line(STORE_LABEL_MAX_LENGTH),
    tagline: line(TAGLINE_MAX_LENGTH),
    shareImage: readShareImage,
    discordUrl: readSiteLink,
    ...(Object.fromEntries(CONNECT_LINKS.map(({ key }) => [key, readSiteLink])) as Record<
      ConnectKey,
      typeof readSiteLink
    >),
  }

/** The longest a fact may be typed, spaces around it included (they are trimmed). */
export const FACT_INPUT_MAX_LENGTH = Math.max(SITE_LINK_MAX_LENGTH, EMAIL_MAX_LENGTH) * 4

/** Every fact as one flat record, as the form edits them ('' for none). */
export function factFields(facts: SiteFacts): Record<FactField, string> {
  const { connect, ...rest } = facts
  return Object.fromEntries(
    [...Object.entries(rest), ...Object.entries(connect)].map(([field, value]) => [field, value ?? '']),
  ) as Record<FactField, string>
}

export const isConnect = (field: FactField): field is ConnectKey => CONNECT_LINKS.some(({ key }) => key === field)

/** What a change says for one fact: undefined where it says nothing. */
function given(input: SiteFactsInput, field: FactField): string | null | undefined {
  return isConnect(field) ? input.connect?.[field] : input[field]
}

/** The facts as saved over `current`: only those named change. The labels of those that differ. */
export function applySiteFacts(
  current: SiteFacts,
  input: SiteFactsInput,
): Checked<{ facts: SiteFacts; changed: string[] }> {
  const next: SiteFacts = { ...current, connect: { ...current.connect } }
  const changed: string[] = []
  for (const field of Object.keys(SITE_FACT_LABELS) as FactField[]) {
    const value = given(input, field)
    if (value === undefined) continue
    const checked = READ_FACT[field](SITE_FACT_LABELS[field], value)
    if (!checked.ok) return checked
    const before = isConnect(field) ? current.connect[field] : current[field]
    if (checked.value === before) continue
    changed.push(SITE_FACT_LABELS[field])
    if (isConnect(field)) next.connect[field] = checked.value
    else (next as unknown as Record<string, string | null>)[field] = checked.value
  }
  return { ok: true, value: { facts: next, changed } }
}
