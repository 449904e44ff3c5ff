import { site } from '../../content/site'
import { SITE_FEED_PATH } from '../../shared/paths'
import { useSiteFacts } from '../data/use-site-facts'
import { useRequestInfo } from '../request-info'

export interface PageMetaProps {
  /** Full document title. */
  title: string
  description: string
  /**
   * Path of the canonical URL, e.g. /blog/some-post; null on a page with no URL of its own (the 404 and
   * error pages), which then has neither a canonical link nor og:url.
   */
  path: string | null
  /**
   * Width and height are declared only when known (an image from another site has none); the alt text is
   * always there, for share previews read aloud.
   */
  image?: { src: string; width?: number; height?: number; alt: string }
  type?: 'website' | 'article'
  noindex?: boolean
  /** What share cards say when it differs from the page's title and description (a post's share settings). */
  share?: { title: string; description: string }
  /** An absolute address other than `path`'s that search engines should credit (a post's canonical URL). */
  canonical?: string
}

/**
 * Title, description, canonical, feed discovery and share-preview tags for one page. React hoists them into <head>,
 * so the server sends them in the HTML and client navigation replaces them.
 */
export function PageMeta({
  title,
  description,
  path,
  image,
  type = 'website',
  noindex,
  share = { title, description },
  canonical,
}: PageMetaProps) {
  const { origin } = useRequestInfo()
  const facts = useSiteFacts()
  // The owner's default share image (Settings), whose size is not known, or the bundled one.
  const shown =
    image ?? (facts.shareImage ? { src: facts.shareImage, alt: `${site.name}: ${facts.tagline}` } : site.socialImage)
  const url = canonical ?? (path === null ? null : new URL(path, origin).href)
  const imageUrl = new URL(shown.src, origin).href
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url && <link rel="canonical" href={url} />}
      <link rel="alternate" type="application/rss+xml" title={site.feedTitle} href={SITE_FEED_PATH} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={share.title} />
      <meta property="og:description" content={share.description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      {shown.width && shown.height && (
        <>
          <meta property="og:image:width" content={String(shown.width)} />
          <meta property="og:image:height" content={String(shown.height)} />
        </>
      )}
      <meta property="og:image:alt" content={shown.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={share.title} />
      <meta name="twitter:description" content={share.description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={shown.alt} />
    </>
  )
}
