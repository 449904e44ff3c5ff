import { Link } from 'react-router'
import { blogPagePath } from '../../../shared/paths'

/** Real links, so paging works without JavaScript; the unavailable direction is a disabled button. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <Link className="button button--ghost" to={blogPagePath(page - 1)} rel="prev" preventScrollReset={false}>
          Previous
        </Link>
      ) : (
        <button type="button" className="button button--ghost" disabled>
          Previous
        </button>
      )}
      <p className="pagination__label" aria-current="page">
        {`Page ${page} of ${totalPages}`}
      </p>
      {page < totalPages ? (
        <Link className="button button--ghost" to={blogPagePath(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <button type="button" className="button button--ghost" disabled>
          Next
        </button>
      )}
    </nav>
  )
}
