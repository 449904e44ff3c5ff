import {
  type FactField,
  isConnect,
  READ_FACT,
  SITE_FACT_LABELS,
  type SiteFactsInput,
  STORE_LABEL_MAX_LENGTH,
  TAGLINE_MAX_LENGTH,
} from '../../../../shared/site-fact-rules'
import { CONNECT_LINKS } from '../../../../shared/site-facts'

export interface FactInputSpec {
  field: FactField
  hint: string
  type: 'email' | 'url' | 'text'
  maxLength?: number
}

/** The site form's two groups, in the order shown (the audit names changes in the same order). */
export const FACT_GROUPS: { legend: string; fields: FactInputSpec[] }[] = [
  {
    legend: 'Studio',
    fields: [
      { field: 'contactEmail', type: 'email', hint: 'The Contact link in the header and footer.' },
      { field: 'storeUrl', type: 'url', hint: 'The Store link and the home page’s Visit Store button.' },
      { field: 'storeLabel', type: 'text', maxLength: STORE_LABEL_MAX_LENGTH, hint: 'The Store link’s text.' },
      {
        field: 'tagline',
        type: 'text',
        maxLength: TAGLINE_MAX_LENGTH,
        hint: 'Under the logo in the footer, and the home page’s heading and title.',
      },
      {
        field: 'shareImage',
        type: 'text',
        hint: 'Shown in share previews of pages without an image of their own: an https:// address or a path on this site, like /media/… (1200 × 630 works everywhere). Empty: the bundled image.',
      },
    ],
  },
  {
    legend: 'Links',
    fields: [
      {
        field: 'discordUrl',
        type: 'url',
        hint: 'Shown in the footer and at the end of every post. Empty: no Discord link.',
      },
      ...CONNECT_LINKS.map(({ key }) => ({
        field: key,
        type: 'url' as const,
        hint: 'Empty: not shown in the footer.',
      })),
    ],
  },
]

const FIELDS = FACT_GROUPS.flatMap((group) => group.fields.map((input) => input.field))

/** The spec of each field, for forms that show some of them (the first-run setup). */
export const factInput = (field: FactField): FactInputSpec =>
  FACT_GROUPS.flatMap((group) => group.fields).find((spec) => spec.field === field)!

/** Each field's problem by the API's own rules, in the form's order (`only` those fields, when given). */
export function factProblems(
  values: Record<FactField, string>,
  only: readonly FactField[] = FIELDS,
): Partial<Record<FactField, string>> {
  return Object.fromEntries(
    only.flatMap((field) => {
      const checked = READ_FACT[field](SITE_FACT_LABELS[field], values[field])
      return checked.ok ? [] : [[field, checked.error]]
    }),
  )
}

/** Only what the owner changed, so the rest stays as stored whoever else saved meanwhile; null when nothing did. */
export function factChange(
  values: Record<FactField, string>,
  saved: Record<FactField, string>,
  only: readonly FactField[] = FIELDS,
): SiteFactsInput | null {
  const edited = only.filter((field) => values[field].trim() !== saved[field])
  if (edited.length === 0) return null
  const change: SiteFactsInput = {}
  for (const field of edited) {
    if (isConnect(field)) change.connect = { ...change.connect, [field]: values[field] }
    else change[field] = values[field]
  }
  return change
}
