/**
 * How a navigation link to `section` relates to the page at `pathname`, as its aria-current value:
 * 'page' on the section's own page, 'true' anywhere below it (a post under /blog), nothing otherwise.
 * Home is a section of one page, so it is never the parent of the rest of the site. Routes match
 * case-insensitively and ignore a trailing slash, so the comparison does too.
 */
export function navCurrent(pathname: string, section: string): 'page' | 'true' | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/'
  if (path === section) return 'page'
  if (section !== '/' && path.startsWith(`${section}/`)) return 'true'
  return undefined
}
