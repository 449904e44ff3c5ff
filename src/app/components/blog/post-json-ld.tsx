import { site } from '../../../content/site'
import type { PostDetail } from '../../../shared/blog'
import { authorPath } from '../../../shared/paths'
import { postDescription } from '../../../shared/post-description'
import { JsonLd } from '../json-ld'

/** BlogPosting structured data for the post page. */
/** `url`: the address search engines credit (the canonical, which may be on another site); `origin`: this site's. */
export function PostJsonLd({
  post,
  url,
  origin,
  imageUrl,
}: {
  post: PostDetail
  url: string
  origin: string
  imageUrl: string | null
}) {
  const json = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: postDescription(post, '') || undefined,
    url,
    mainEntityOfPage: url,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    author: post.author
      ? { '@type': 'Person', name: post.author.name, url: new URL(authorPath(post.author.slug), origin).href }
      : { '@type': 'Organization', name: site.name },
    publisher: { '@type': 'Organization', name: site.name },
    keywords: post.tags.map((tag) => tag.name).join(', ') || undefined,
  }
  return <JsonLd data={json} />
}
