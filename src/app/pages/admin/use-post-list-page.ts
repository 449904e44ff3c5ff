import { useSearchParams } from 'react-router'
import { ADMIN_POST_PAGE_SIZE } from '../../../shared/admin-post-query'
import { parsePageParam } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'

/**
 * All Posts in pages of ADMIN_POST_PAGE_SIZE, the page in the address (`/admin/blog?page=3`), so Back and
 * a reload land on it. The search and status filter are not in the address: a reload shows that page of
 * every post. A page past the last shows the last.
 */
export function usePostListPage(count: number) {
  const [params, setParams] = useSearchParams()
  const pages = Math.max(1, Math.ceil(count / ADMIN_POST_PAGE_SIZE))
  const page = Math.min(parsePageParam(params.get('page')), pages)
  return {
    page,
    pages,
    of: <T>(items: T[]) => items.slice((page - 1) * ADMIN_POST_PAGE_SIZE, page * ADMIN_POST_PAGE_SIZE),
    pathOf: (n: number) => (n > 1 ? `${PAGES.adminBlog}?page=${n}` : PAGES.adminBlog),
    /** A new search or filter starts at its first page. */
    restart() {
      if (!params.has('page')) return
      setParams(
        (current) => {
          current.delete('page')
          return current
        },
        { replace: true },
      )
    },
  }
}
