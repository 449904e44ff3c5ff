import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ADMIN_POST_PAGE_SIZE } from '../../../shared/admin-post-query'
import { type PostSummary, parsePageParam } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'
import { useDebouncedValue } from '../../hooks/use-debounced-value'
import { adminQueries } from './admin-queries'
import {
  countByFilter,
  filterPostList,
  POST_LIST_FILTERS,
  POST_LIST_SORTS,
  type PostListFilter,
  type PostListSort,
} from './post-list-filter'

/** What of the list the address holds, by parameter name (the admin list API's names). */
export interface PostListChanges {
  q?: string
  status?: PostListFilter
  tag?: number | null
  author?: number | null
  sort?: PostListSort
}
const DEFAULTS: Record<keyof PostListChanges, string> = { q: '', status: 'all', tag: '', author: '', sort: 'newest' }

const idParam = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null)
const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback

/**
 * All Posts as the address says (`/admin/blog?q=booth&status=draft&tag=3&author=2&sort=title&page=2`), so
 * Back, a reload and a shared link show the same list. A change of search, filter or order replaces the
 * address and starts at the first page; the page links add to history. The search box answers as typed and
 * reaches the address (and the server's search of excerpts and text) a moment later. A tag's posts come
 * from the server, which knows the tags; everything else is decided here on the spec's list.
 */
export function usePostList(posts: PostSummary[] | undefined) {
  const [params, setParams] = useSearchParams()
  const filter = oneOf(POST_LIST_FILTERS, params.get('status'), 'all')
  const sort = oneOf(POST_LIST_SORTS, params.get('sort'), 'newest')
  const tag = idParam(params.get('tag'))
  const author = idParam(params.get('author'))
  const addressQuery = params.get('q') ?? ''

  // Two changes before the address shows the first (a filter chosen while a search waits to be written) must
  // both be kept: each starts from the last one asked for, not from the address of the last render.
  const asked = useRef({ seen: params.toString(), next: params })
  if (params.toString() !== asked.current.seen) asked.current = { seen: params.toString(), next: params }
  const update = (changes: PostListChanges) => {
    const next = new URLSearchParams(asked.current.next)
    for (const [name, value] of Object.entries(changes)) {
      const text = value === null || value === undefined ? '' : String(value).trim()
      if (text === '' || text === DEFAULTS[name as keyof PostListChanges]) next.delete(name)
      else next.set(name, text)
    }
    next.delete('page')
    asked.current.next = next
    setParams(next, { replace: true })
  }

  const [query, setQuery] = useState(addressQuery)
  const searched = useDebouncedValue(query.trim(), 250)
  // The address and the box follow each other: typing reaches the address, Back reaches the box.
  const synced = useRef(addressQuery)
  useEffect(() => {
    if (addressQuery === synced.current) return
    synced.current = addressQuery
    setQuery(addressQuery)
  }, [addressQuery])
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search is written to the address
  useEffect(() => {
    if (searched === synced.current) return
    synced.current = searched
    update({ q: searched })
  }, [searched])

  const textSearch = useQuery(adminQueries.matching({ q: searched }))
  // Only the answer for the query as it stands: one for the start of a word would add posts it no longer finds.
  const textMatches = searched && searched === query.trim() ? textSearch.data : undefined
  const tagged = useQuery(adminQueries.matching({ tag }))
  const tagMatches = tag === null ? null : (tagged.data ?? new Set<number>())
  const now = Date.now()
  const criteria = { query, now, textMatches, author, tagMatches }
  const shown = posts ? filterPostList(posts, { ...criteria, filter, sort }) : []

  const pages = Math.max(1, Math.ceil(shown.length / ADMIN_POST_PAGE_SIZE))
  const page = Math.min(parsePageParam(params.get('page')), pages)
  return {
    query,
    /** A new search starts at its first page at once; it reaches the address a moment later. */
    search(next: string) {
      setQuery(next)
      if (params.has('page')) update({})
    },
    filter,
    sort,
    tag,
    author,
    /** A tag is chosen and its posts are still being asked for, or could not be. */
    tagPending: tag !== null && tagged.isPending,
    tagFailed: tag !== null && tagged.isError,
    retryTag: () => void tagged.refetch(),
    shown,
    counts: countByFilter(posts ?? [], criteria),
    /** Changes when the search, a filter or the order does. */
    criteriaKey: [query, filter, tag, author, sort].join('|'),
    update,
    page,
    pages,
    pageOf: (items: PostSummary[]) => items.slice((page - 1) * ADMIN_POST_PAGE_SIZE, page * ADMIN_POST_PAGE_SIZE),
    pathOf(n: number) {
      const next = new URLSearchParams(params)
      if (n > 1) next.set('page', String(n))
      else next.delete('page')
      const search = next.toString()
      return search ? `${PAGES.adminBlog}?${search}` : PAGES.adminBlog
    },
    clear() {
      setQuery('')
      update({ q: '', status: 'all', tag: null, author: null })
    },
  }
}
