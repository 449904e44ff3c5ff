/**
 * Whether the tab's previous page is one of this site's, so Back stays on the site: an earlier entry of
 * the router's own history (it numbers its entries in `history.state.idx`, 0 for the first one), or a
 * full page load from one of the site's links (a plain link in a post, say). Opened directly, in a new
 * tab or from another site, there is none.
 */
export function hasPreviousSitePage(): boolean {
  return window.history.state?.idx > 0 || (history.length > 1 && document.referrer.startsWith(`${location.origin}/`))
}
