import { MOBILE_BREAKPOINT_PX, SMALL_SCREEN_PX } from '../../../shared/constants'

export interface Viewport {
  width: number
  height: number
}

/**
 * Size of a background video that covers the viewport without letterboxing. Portrait screens need the
 * video wider than the screen; small phones get a little extra zoom so the edges of the artwork stay hidden.
 */
export function coverVideoSize(video: { width: number; height: number }, viewport: Viewport) {
  const aspect = video.width > 0 && video.height > 0 ? video.width / video.height : 16 / 9
  const portrait = viewport.height > viewport.width
  const zoom = viewport.width < SMALL_SCREEN_PX ? 1.15 : viewport.width < MOBILE_BREAKPOINT_PX ? 1.1 : 1
  const coverWidth = Math.max(viewport.width, viewport.height * aspect)
  const minWidth = Math.ceil((portrait ? viewport.height * aspect : coverWidth) * zoom)
  return { minWidth, minHeight: Math.ceil(minWidth / aspect) }
}
