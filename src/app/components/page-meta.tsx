import { site } from '../../content/site'
import { useRequestInfo } from '../request-info'

export interface PageMetaProps {
  /** Full document title. */
  title: string
  description: string
  /** Path of the canonical URL, e.g. /blog/some-post */
  path: string
  /** Width and height are declared only when known (an image from another site has none). */
  image?: { src: string; width?: number; height?: number; alt?: string }
  type?: 'website' | 'article'
  noindex?: boolean
}

/**
 * Title, description, canonical and share-preview tags for one page. React hoists them into <head>,
 * so the server sends them in the HTML and client navigation replaces them.
 */
export function PageMeta({
  title,
  description,
  path,
  image = site.socialImage,
  type = 'website',
  noindex,
}: PageMetaProps) {
  const { origin } = useRequestInfo()
  const url = new URL(path, origin).href
  const imageUrl = new URL(image.src, origin).href
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      {image.width && image.height && (
        <>
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
        </>
      )}
      {image.alt && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {image.alt && <meta name="twitter:image:alt" content={image.alt} />}
    </>
  )
}
