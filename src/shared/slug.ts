/**
 * The spec's slug rule, shared by the admin form, the previewer, tag creation and the API: lower-case,
 * keep letters, digits, spaces and hyphens, spaces become hyphens (runs collapse, ends are trimmed).
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
}
