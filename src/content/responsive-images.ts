/**
 * Bundled images that also exist 640 px wide (`name-640.webp`, made by scripts/assets/blog/make-variants.sh),
 * so phones download a quarter of the pixels. Other images are used as they are.
 */
const WITH_SMALL_VARIANT = new Set([
  '/blog/button-and-bean.webp',
  '/blog/charity-stream.webp',
  '/blog/conference-party.webp',
  '/blog/crane-booth.webp',
  '/blog/donor-trophies.webp',
  '/blog/golf-cart.webp',
  '/blog/holiday-event.webp',
  '/blog/paper-comets-concert.webp',
  '/blog/pixel-crown-nomination.webp',
  '/blog/promotion-blimp.webp',
  '/blog/tumbletop-plush.webp',
  '/blog/vip-membership.webp',
])

export interface ImageSources {
  src: string
  srcSet?: string
  sizes?: string
}

/** `src`, plus `srcSet`/`sizes` when a small variant exists; `sizes` describes the slot the image fills. */
export function imageSources(src: string, sizes: string): ImageSources {
  if (!WITH_SMALL_VARIANT.has(src)) return { src }
  return { src, srcSet: `${src.replace(/\.webp$/, '-640.webp')} 640w, ${src} 1200w`, sizes }
}
