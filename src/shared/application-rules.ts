import { FIELD_MESSAGES } from './field-messages'
import { RESUME_MAX_BYTES } from './resume-file'

/**
 * The job application's fields and limits (spec §3 and §5), shared by the form (labels, counters,
 * required) and the API schema. Plain data, so the browser bundle carries no validator. The résumé is
 * required as the pasted text or as a file (issue 20), so neither is required on its own here.
 */
export const APPLICATION_FIELDS = {
  fullName: { label: 'Full name', max: 50, required: true },
  email: { label: 'Email', max: 50, required: true },
  phone: { label: 'Phone', max: 20, required: false },
  location: { label: 'Location', max: 50, required: false },
  portfolioUrl: { label: 'Portfolio URL', max: 200, required: false },
  linkedinUrl: { label: 'LinkedIn URL', max: 200, required: false },
  githubUrl: { label: 'GitHub URL', max: 200, required: false },
  experience: { label: 'Experience', max: 100, required: false },
  availability: { label: 'Availability', max: 100, required: false },
  coverLetter: { label: 'Cover letter', max: 1000, required: true },
  resumeText: { label: 'Resume text', max: 1000, required: false },
} as const

export type ApplicationField = keyof typeof APPLICATION_FIELDS
export const APPLICATION_FIELD_NAMES = Object.keys(APPLICATION_FIELDS) as ApplicationField[]
export const URL_FIELDS: ApplicationField[] = ['portfolioUrl', 'linkedinUrl', 'githubUrl']
/** Text areas: the only fields that may hold line breaks and tabs (every other control character is refused). */
export const MULTILINE_FIELDS: ApplicationField[] = ['coverLetter', 'resumeText']
/**
 * The HTML standard's valid e-mail address (what `<input type="email">` accepts): no spaces, no `?` or
 * `&` after the @, nothing a mailto: link could read as headers; and, beyond the standard, a domain with
 * a dot, so `someone@gmail` (which no mail reaches) is caught before the applicant's reference is lost.
 * https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$"
export const HTTP_URL_PATTERN = '^(https?://[^\\s]+)?$'
/** The consent to be kept in mind for future roles, as the form names it. */
export const KEEP_IN_MIND_FIELD = 'keepInMind'
/** An applicant who asks to be kept in mind for future roles: their application is kept this many times longer. */
export const KEEP_IN_MIND_FACTOR = 2
/** A field people never see; bots fill it in. */
export const HONEYPOT_FIELD = 'website'
/** A JSON application (no file). */
export const APPLICATION_BODY_LIMIT_BYTES = 64 * 1024
/** A multipart application, to the API or the page: the résumé file and room for the fields and framing. */
export const APPLICATION_UPLOAD_LIMIT_BYTES = RESUME_MAX_BYTES + 64 * 1024
export const APPLICATION_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 }
/** Résumé files all applicants together may store per rolling day, in MB (config UPLOAD_BUDGET_MB_PER_DAY). */
export const UPLOAD_BUDGET_MB_PER_DAY_DEFAULT = 1024

/** What submitting an application comes to, on the server (the service) and in the browser (the API). */
export type SubmitApplicationResult =
  | { ok: true; id: number | null }
  | { ok: false; status: number; error: string; retryAfterSeconds?: number }

export const APPLICATION_MESSAGES = {
  missingTitle: 'Missing Information',
  missingDescription: 'Please fill in all required fields.',
  successTitle: 'Application Submitted!',
  successDescription: "Thank you for your interest. We'll review your application and get back to you soon.",
  failureTitle: 'Submission Failed',
  failureFallback: 'There was an error submitting your application. Please try again.',
  inDoubt:
    'Our database stopped answering while your application was being saved, so we cannot tell whether it arrived. Please send it again in a few minutes.',
  inDoubtWatchEmail:
    'Our database stopped answering while your application was being saved, so we cannot tell whether it arrived. If it did, our confirmation email will reach you within a few minutes; send it again only if none comes.',
  notAForm: 'Send the application with the form on this page.',
  badIdempotencyKey: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores.',
  unreadableForm: 'The form could not be read. Please send it again.',
  resumeRequired: 'Resume is required: paste it or attach a file',
  jobChanged: 'The role you were applying for is no longer open; this address now shows another role.',
  tooMany: 'Too many applications from this connection. Please try again later.',
  uploadsBusy: 'Many résumés are being uploaded right now. Please send your application again in a moment.',
  uploadTooSlow: 'The résumé took too long to arrive. Please send your application again.',
  uploadsPaused: 'Résumé uploads are paused for now. Please paste your résumé as text, or attach the file again later.',
} as const
/** The form's hidden field naming the job it was shown for: a form posted to an address another job took since is refused. */
export const FORM_JOB_FIELD = 'formJobId'

/**
 * A web address written without its scheme (`portfolio.example.com`) gets `https://`, as a browser's
 * address bar would read it; anything else (empty, with a scheme, not a host) is left for the rules to judge.
 */
export const withWebScheme = (value: string) => {
  const address = value.trim()
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(address) ? `https://${address}` : address
}

/** The pattern a field's text must match, if any: an e-mail address, a web address. */
export const patternOf = (field: ApplicationField): string | undefined =>
  field === 'email' ? EMAIL_PATTERN : URL_FIELDS.includes(field) ? HTTP_URL_PATTERN : undefined

/** What a field's pattern asks for, as the API says when it refuses the text and the form says before sending. */
export const APPLICATION_RULES: Partial<Record<ApplicationField, string>> = {
  email: 'Email must be a valid email address',
  ...Object.fromEntries(URL_FIELDS.map((field) => [field, FIELD_MESSAGES.webAddress(APPLICATION_FIELDS[field].label)])),
}

/** Fields whose (trimmed, as the API reads them) text does not match their pattern. */
export function fieldsBreakingRules(values: Partial<Record<ApplicationField, string>>): ApplicationField[] {
  return APPLICATION_FIELD_NAMES.filter((field) => {
    const pattern = patternOf(field)
    return pattern !== undefined && !new RegExp(pattern).test(values[field]?.trim() ?? '')
  })
}

/** Text past a field's limit, as the API words it when it refuses: the form says it before sending. */
export const tooLongMessage = (field: ApplicationField) =>
  FIELD_MESSAGES.tooLong(APPLICATION_FIELDS[field].label, APPLICATION_FIELDS[field].max)

/** The fields over their limit (counted as the API counts: UTF-16 code units, as `maxLength` does). */
export function fieldsOverLimit(values: Partial<Record<ApplicationField, string>>): ApplicationField[] {
  return APPLICATION_FIELD_NAMES.filter((field) => (values[field]?.length ?? 0) > APPLICATION_FIELDS[field].max)
}

/** An Idempotency-Key an applicant's browser may send: a random id, so a resent application is stored once. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** What an HTML form posts (the page's form without JavaScript): URL-encoded fields or multipart. */
export function isFormContentType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data'
}

/**
 * A mailto: link to one address, percent-encoded (RFC 6068) on both sides of the @, so that nothing in a
 * stored address (one from before the rule, say) can add recipients, a subject or a body.
 */
export function mailtoHref(address: string): string {
  const at = address.indexOf('@')
  if (at < 0) return `mailto:${encodeURIComponent(address)}`
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
}

/** Trimmed copy with every field present (blank optional fields become empty strings). */
export function normalizeApplication(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input }
  for (const field of [...APPLICATION_FIELD_NAMES, 'jobTitle']) {
    const value = input[field]
    out[field] = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : value
  }
  for (const field of URL_FIELDS) if (typeof out[field] === 'string') out[field] = withWebScheme(out[field])
  if (typeof input.jobId === 'string' && /^\d+$/.test(input.jobId)) out.jobId = Number(input.jobId)
  // A checkbox posts its value when ticked and nothing when not: consent is given only by ticking it.
  if (typeof input.keepInMind === 'string') out.keepInMind = ['yes', 'on', 'true'].includes(input.keepInMind)
  return out
}

/** Required fields left blank; the résumé text counts as missing only when no file comes with it. */
export function missingRequiredFields(
  values: Partial<Record<ApplicationField, string>>,
  hasResumeFile = false,
): ApplicationField[] {
  return APPLICATION_FIELD_NAMES.filter(
    (field) =>
      (APPLICATION_FIELDS[field].required || (field === 'resumeText' && !hasResumeFile)) && !values[field]?.trim(),
  )
}
