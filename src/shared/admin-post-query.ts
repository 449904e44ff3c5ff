import { type Static, Type } from '@sinclair/typebox'
import { SEARCH_QUERY_MAX_LENGTH } from './blog'
import { type Checked, checkSchema } from './schema-check'
import { fieldProblem, type SchemaFields } from './schema-messages'

/** The admin list's status filters: the spec's two statuses, published split at now, and the carousel flag. */
export const ADMIN_POST_STATUS_FILTERS = ['draft', 'scheduled', 'published', 'featured'] as const
export const ADMIN_POST_SORT_FIELDS = ['title', 'status', 'createdAt', 'publishedAt'] as const
export type AdminPostSortField = (typeof ADMIN_POST_SORT_FIELDS)[number]

/** A page of the admin list: the size the screen shows, and the most one request (or one bulk action) takes. */
export const ADMIN_POST_PAGE_SIZE = 50
export const ADMIN_POST_MAX_LIMIT = 100

/** `sort`: a field, descending with a leading `-` (`-publishedAt`: newest first). */
export const ADMIN_POST_SORT_PATTERN = `^-?(${ADMIN_POST_SORT_FIELDS.join('|')})$`

const AdminPostQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
  status: Type.Optional(Type.Union(ADMIN_POST_STATUS_FILTERS.map((status) => Type.Literal(status)))),
  tag: Type.Optional(Type.Integer({ minimum: 1 })),
  author: Type.Optional(Type.Integer({ minimum: 1 })),
  sort: Type.Optional(Type.String({ pattern: ADMIN_POST_SORT_PATTERN })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_POST_MAX_LIMIT })),
})

export type AdminPostQuery = Static<typeof AdminPostQuerySchema>

const QUERY_FIELDS = {
  labels: { q: 'Search', status: 'Status', tag: 'Tag', author: 'Author', sort: 'Sort', page: 'Page', limit: 'Limit' },
  rules: {
    sort: `Sort must be one of ${ADMIN_POST_SORT_FIELDS.join(', ')}, with a leading - for descending`,
  },
} satisfies SchemaFields<keyof AdminPostQuery>

const NUMBERS = new Set(['tag', 'author', 'page', 'limit'])

/**
 * The list's parameters from a query string. Null when it has none of them: the caller answers the spec's
 * whole list. Numbers are read as numbers (`page=2`), anything else as written, so `page=two` is refused;
 * other parameters (a cache buster) are not the list's and are left alone.
 */
export function readAdminPostQuery(params: URLSearchParams): Checked<AdminPostQuery> | null {
  const names: string[] = Object.keys(QUERY_FIELDS.labels)
  const given = [...new Set(params.keys())].filter((name) => names.includes(name))
  if (given.length === 0) return null
  const raw: Record<string, unknown> = {}
  for (const name of given) {
    const value = params.get(name) ?? ''
    raw[name] = NUMBERS.has(name) && /^\d{1,16}$/.test(value) ? Number(value) : value
  }
  const checked = checkSchema(AdminPostQuerySchema, raw)
  return checked.ok ? checked : { ok: false, error: fieldProblem(checked.error, QUERY_FIELDS).error }
}

/** The sort a query asks for, the column and its direction; newest created first by default, as the spec's list. */
export function sortOf(query: AdminPostQuery): { field: AdminPostSortField; descending: boolean } {
  const sort = query.sort ?? '-createdAt'
  return { field: sort.replace(/^-/, '') as AdminPostSortField, descending: sort.startsWith('-') }
}
