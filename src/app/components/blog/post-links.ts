import type { QueryClient } from '@tanstack/react-query'
import { CARD_SCROLL_DELAY_MS } from '../../../shared/blog'
import type { AppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'

/** Card and carousel links land at the top of the post (spec: after 50 ms). */
export function scrollToTopSoon() {
  setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), CARD_SCROLL_DELAY_MS)
}

/** Hovering or focusing a card starts loading the post, so the click feels instant. */
export function preloadPost(queryClient: QueryClient, data: AppData, slug: string) {
  void queryClient.prefetchQuery(postQueries.detail(data, slug))
}
