/**
 * Whether the tab has a page before this one, so Go Back does what the browser's Back does (the spec): a
 * page of the site's or another's, typed or followed. Only when the 404 is the tab's first page (opened
 * directly, in a new tab) is there none, and Go Back goes home instead of closing nothing.
 */
export function hasPreviousPage(): boolean {
  return window.history.state?.idx > 0 || window.history.length > 1
}
