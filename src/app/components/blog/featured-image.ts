import { bundledImageSize, imageSources } from '../../../content/responsive-images'
import { OG_IMAGE, type PostDetail, type PostSummary } from '../../../shared/blog'
import { defaultVariant, heightAt, mediaSrcSet } from '../../../shared/media'

export interface FeaturedImageSources {
  src: string
  srcSet?: string
  sizes?: string
  width: number
  height: number
  /** The upload's alt text ('' for images without one). */
  alt: string
}

/** A post's featured image for an `<img>` filling a slot described by `sizes`: responsive sources and real size. */
export function featuredImageSources(
  post: PostSummary & { featuredImage: string },
  sizes: string,
): FeaturedImageSources {
  const info = post.featuredImageInfo
  if (info && info.variants.length > 0) {
    const main = defaultVariant(info.variants)
    const height = heightAt(main.width, info)
    return { src: main.url, srcSet: mediaSrcSet(info.variants), sizes, width: main.width, height, alt: info.alt }
  }
  return { ...imageSources(post.featuredImage, sizes), ...(bundledImageSize(post.featuredImage) ?? OG_IMAGE), alt: '' }
}

/**
 * The share preview of a post: its share image if it has one, else its featured image; an upload's
 * 1200×630 crop, or the image as it is (with its size when known).
 */
export function shareImageOf(
  post: PostSummary & Partial<Pick<PostDetail, 'shareImage' | 'shareImageInfo'>>,
): { src: string; width?: number; height?: number; alt: string } | undefined {
  const [image, info] = post.shareImage
    ? [post.shareImage, post.shareImageInfo ?? null]
    : [post.featuredImage, post.featuredImageInfo]
  if (!image) return undefined
  if (info)
    return { src: info.share.url, width: info.share.width, height: info.share.height, alt: info.alt || post.title }
  return { src: image, ...bundledImageSize(image), alt: post.title }
}
