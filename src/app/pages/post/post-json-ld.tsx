import { site } from '../../../content/site'
import type { PostDetail } from '../../../shared/blog'

/** BlogPosting structured data; `<` is escaped so post text cannot end the script element. */
export function PostJsonLd({ post, url, imageUrl }: { post: PostDetail; url: string; imageUrl: string | null }) {
  const json = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: url,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Organization', name: site.name },
    publisher: { '@type': 'Organization', name: site.name },
    keywords: post.tags.map((tag) => tag.name).join(', ') || undefined,
  }
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(json).replace(/</g, '\\u003c') }} />
}
