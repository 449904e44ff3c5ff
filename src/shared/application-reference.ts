/**
 * The number an applicant is given in their confirmation and quotes when they write: the id, readable. On
 * its own, free of the form's rules, because the job page's address carries it (page-query.ts, in every page).
 */
export const applicationReference = (id: number) => `APP-${String(id).padStart(6, '0')}`

/** The id a reference stands for, or null when the text is not a reference. */
export function applicationIdOf(reference: string): number | null {
  const digits = /^APP-(\d{6,15})$/.exec(reference)?.[1]
  return digits ? Number(digits) : null
}
