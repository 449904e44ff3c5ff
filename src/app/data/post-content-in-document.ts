import type { DehydratedState } from '@tanstack/react-query'
import type { PostDetail } from '../../shared/blog'

/** Marks the element a post's HTML is rendered into, so the browser can take it back from the page. */
export const POST_CONTENT_ATTRIBUTE = 'data-post-content'

const isPostDetail = (key: readonly unknown[]) => key[0] === 'posts' && key[1] === 'detail'

/**
 * The server's half: a post's HTML is already in the page, so the hydration data leaves it out instead
 * of carrying it a second time. Returns the slugs whose content the browser must read from the page.
 */
export function leavePostContentInDocument(state: DehydratedState): string[] {
  const slugs: string[] = []
  for (const query of state.queries) {
    const post = query.state.data as PostDetail | null | undefined
    if (!isPostDetail(query.queryKey) || !post?.content) continue
    query.state.data = { ...post, content: '' }
    slugs.push(post.slug)
  }
  return slugs
}

/** The browser's half, before hydrating: each such post gets its HTML back from the element that shows it. */
export function takePostContentFromDocument(state: DehydratedState, slugs: string[], document: Document): void {
  for (const query of state.queries) {
    const post = query.state.data as PostDetail | null | undefined
    if (!isPostDetail(query.queryKey) || !post || !slugs.includes(post.slug)) continue
    const element = document.querySelector(`[${POST_CONTENT_ATTRIBUTE}="${CSS.escape(post.slug)}"]`)
    query.state.data = { ...post, content: element?.innerHTML ?? '' }
  }
}
