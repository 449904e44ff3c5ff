const BLOG = { full: 1200, small: 800, height: 630 }
const MERCH = { full: 800, small: 400, height: 800 }

/**
 * Bundled images that also exist smaller (`name-{small}.webp`, made by scripts/assets/make-variants.sh),
 * so phones download a fraction of the pixels. Other images are used as they are.
 */
const VARIANTS: Record<string, { full: number; small: number; height: number }> = {
  '/blog/button-and-bean.webp': BLOG,
  '/blog/charity-stream.webp': BLOG,
  '/blog/conference-party.webp': BLOG,
  '/blog/crane-booth.webp': BLOG,
  '/blog/donor-trophies.webp': BLOG,
  '/blog/golf-cart.webp': BLOG,
  '/blog/holiday-event.webp': BLOG,
  '/blog/paper-comets-concert.webp': BLOG,
  '/blog/pixel-crown-nomination.webp': BLOG,
  '/blog/promotion-blimp.webp': BLOG,
  '/blog/tumbletop-plush.webp': BLOG,
  '/blog/vip-membership.webp': BLOG,
  '/merch/hoodie.webp': MERCH,
  '/merch/keychain.webp': MERCH,
  '/merch/plushie.webp': MERCH,
}

export interface ImageSources {
  src: string
  srcSet?: string
  sizes?: string
}

/** `src`, plus `srcSet`/`sizes` when a small variant exists; `sizes` describes the slot the image fills. */
export function imageSources(src: string, sizes: string): ImageSources {
  const widths = VARIANTS[src]
  if (!widths) return { src }
  return {
    src,
    srcSet: `${src.replace(/\.webp$/, `-${widths.small}.webp`)} ${widths.small}w, ${src} ${widths.full}w`,
    sizes,
  }
}

/** The pixel size of a bundled image listed here (share previews declare it); unknown images give null. */
export function bundledImageSize(src: string): { width: number; height: number } | null {
  const image = VARIANTS[src]
  return image ? { width: image.full, height: image.height } : null
}
