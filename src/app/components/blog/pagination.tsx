import { blogPagePath } from '../../../shared/paths'
import { SiteLink } from '../site-link'

/**
 * Real links, so paging works without JavaScript; the unavailable direction is a disabled button. `pathOf`
 * gives a page's address (the blog's by default; a tag page passes its own).
 */
export function Pagination({
  page,
  totalPages,
  pathOf = blogPagePath,
}: {
  page: number
  totalPages: number
  pathOf?: (page: number) => string
}) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <SiteLink className="button button--ghost" to={pathOf(page - 1)} rel="prev" preventScrollReset={false}>
          Previous
        </SiteLink>
      ) : (
        <button type="button" className="button button--ghost" disabled>
          Previous
        </button>
      )}
      <p className="pagination__label" aria-current="page">
        {`Page ${page} of ${totalPages}`}
      </p>
      {page < totalPages ? (
        <SiteLink className="button button--ghost" to={pathOf(page + 1)} rel="next">
          Next
        </SiteLink>
      ) : (
        <button type="button" className="button button--ghost" disabled>
          Next
        </button>
      )}
    </nav>
  )
}
