import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { PostSummary } from '../../../../shared/blog'
import { postPath } from '../../../../shared/paths'
import { can } from '../../../../shared/staff'
import { useStaffUser } from '../staff-user'
import { analyticsQueries, lastDays } from './analytics-queries'

/** Days the post list's Views column covers. */
export const POST_VIEWS_DAYS = 30

/**
 * The views of each listed post over the last 30 days, for those who may read the analytics: null for
 * the others (the column is not shown), and a post's views `undefined` while they load.
 */
export function usePostViews(posts: PostSummary[]): ((post: PostSummary) => number | undefined) | null {
  const allowed = can(useStaffUser().role, 'analytics.read')
  const [range] = useState(() => lastDays(POST_VIEWS_DAYS))
  const paths = allowed ? posts.filter((post) => post.status === 'published').map((post) => postPath(post.slug)) : []
  const figures = useQuery(analyticsQueries.pages(range, paths))
  if (!allowed) return null
  const views = new Map(figures.data?.map((row) => [row.path, row.views]))
  return (post) => (post.status !== 'published' ? 0 : views.get(postPath(post.slug)))
}
