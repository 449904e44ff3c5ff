import type { SearchResult } from '../../../shared/blog'

/*
 * What the search results say about their number. Not in shared/blog.ts: the browser's data interface
 * imports that module, so all of it is in the script every page loads.
 */
const formatCount = (count: number) => count.toLocaleString('en-US')
const totalText = ({ total, totalIsAtLeast }: SearchResult) => `${formatCount(total)}${totalIsAtLeast ? '+' : ''}`

/** Spec §9's results header: 'Search results for "{query}" (N post/posts)', N being every match. */
export const searchResultsTitle = (query: string, result: SearchResult) =>
  `Search results for "${query}" (${totalText(result)} ${result.total === 1 && !result.totalIsAtLeast ? 'post' : 'posts'})`

/** Said under the header when more posts match than are shown; null when all of them are. */
export const searchShowingText = (result: SearchResult) =>
  result.total > result.posts.length || result.totalIsAtLeast
    ? `Showing ${formatCount(result.posts.length)} of ${totalText(result)}, the best matches first. Add a word to narrow the search.`
    : null
