import { applicationIdOf, applicationReference } from './application-reference'
import { normalizeSearchQuery, parsePageParam } from './blog'

/**
 * The query parameters a page reads, normalized as the page uses them, with defaults left out. A page
 * reads its parameters only through its reader here, and its route declares the same reader (see
 * `RouteHandle.query` in src/app/routes.tsx), so the server knows that everything else in a query
 * string (`utm_*`, `fbclid`, random junk) cannot change the page: the page cache keys and renders the
 * URL with only these, and one render serves them all.
 */
export type PageQueryReader = (params: URLSearchParams) => [name: string, value: string][]

/** The blog: a search (`q`, trimmed, case kept as the title shows it) or a page of posts (`page` past 1). */
export function readBlogQuery(params: URLSearchParams): { query: string; page: number } {
  const query = normalizeSearchQuery(params.get('q'))
  // A search has no pages: the page number of a search URL is never read.
  return { query, page: query ? 1 : parsePageParam(params.get('page')) }
}

export const blogQueryParams: PageQueryReader = (params) => {
  const { query, page } = readBlogQuery(params)
  if (query) return [['q', query]]
  return page > 1 ? [['page', String(page)]] : []
}

/** A tag's or an author's page: a page of their posts (`page` past 1). */
export function readPageQuery(params: URLSearchParams): { page: number } {
  return { page: parsePageParam(params.get('page')) }
}

export const pageQueryParams: PageQueryReader = (params) => {
  const { page } = readPageQuery(params)
  return page > 1 ? [['page', String(page)]] : []
}

/** The careers list: one department (trimmed; departments are matched exactly, so case is kept) or all. */
export function readJobsQuery(params: URLSearchParams): { department: string | null } {
  return { department: params.get('department')?.trim() || null }
}

export const jobsQueryParams: PageQueryReader = (params) => {
  const { department } = readJobsQuery(params)
  return department ? [['department', department]] : []
}

/** The query parameter of the job page that says an application sent without JavaScript was stored. */
export const APPLIED_PARAM = 'applied'

/**
 * A job page: whether it confirms an application sent without JavaScript (the 303 after the form post), and
 * the id of its reference (`?applied=APP-000042`; null for `?applied=1`, an application that has none).
 */
export function readJobQuery(params: URLSearchParams): { applied: boolean; id: number | null } {
  const applied = params.get(APPLIED_PARAM)
  return { applied: applied !== null, id: applied === null ? null : applicationIdOf(applied) }
}

/** The value of `applied` for an application stored with this id (or none). */
export const appliedValue = (id: number | null) => (id === null ? '1' : applicationReference(id))

export const jobQueryParams: PageQueryReader = (params) => {
  const { applied, id } = readJobQuery(params)
  return applied ? [[APPLIED_PARAM, appliedValue(id)]] : []
}
