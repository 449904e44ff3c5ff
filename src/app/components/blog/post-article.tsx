import { useRef } from 'react'
import type { AuthorRef, PostDetail } from '../../../shared/blog'
import { formatDisplayDate } from '../../../shared/dates'
import { markersWithDirection } from '../../../shared/marker-direction'
import { authorPath, postPath, tagPath } from '../../../shared/paths'
import { canonicalOf, postHeadText } from '../../../shared/post-description'
import { POST_IMAGE_SIZES } from '../../../shared/post-rules'
import { minutesToRead, readingTime } from '../../../shared/reading-time'
import { POST_CONTENT_ATTRIBUTE } from '../../data/post-content-in-document'
import { useRequestInfo } from '../../request-info'
import { PageMeta } from '../page-meta'
import { SiteLink } from '../site-link'
import { featuredImageSources, shareImageOf } from './featured-image'
import { GalleryLightbox } from './gallery-lightbox'
import { PostJsonLd } from './post-json-ld'
import { PostShare } from './post-share'

/**
 * Title, description, share preview and structured data of a post page, with the post's own search and
 * share settings where it has them. A draft link (`draft`) is never listed and has no structured data.
 */
function PostHead({ post, draft }: { post: PostDetail; draft: boolean }) {
  const { origin } = useRequestInfo()
  const path = postPath(post.slug)
  const image = shareImageOf(post)
  const text = postHeadText(post)
  const canonical = canonicalOf(post, new URL(path, origin).href)
  return (
    <>
      <PageMeta
        title={text.title}
        description={text.description}
        share={{ title: text.shareTitle, description: text.shareDescription }}
        path={path}
        canonical={draft ? undefined : canonical}
        image={image}
        type="article"
        noindex={draft || post.noindex}
      />
      {!draft && (
        <PostJsonLd
          post={post}
          url={canonical}
          origin={origin}
          imageUrl={image ? new URL(image.src, origin).href : null}
        />
      )}
    </>
  )
}

/** Who wrote the post, with their initials for a picture, linking to their page once the post is public. */
function Byline({ author, linked }: { author: AuthorRef; linked: boolean }) {
  const initials = author.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return (
    <p className="post__byline">
      <span className="post__avatar" aria-hidden="true">
        {initials}
      </span>
      <span>By {linked ? <SiteLink to={authorPath(author.slug)}>{author.name}</SiteLink> : author.name}</span>
    </p>
  )
}

/**
 * A post as its page shows it: the public page, a draft link (`head="noindex"`) and the editor's preview
 * of unsaved changes (`head="none"`, inside the admin page whose title it must not replace).
 */
export function PostArticle({ post, head = 'public' }: { post: PostDetail; head?: 'public' | 'noindex' | 'none' }) {
  const content = useRef<HTMLDivElement>(null)
  const { origin } = useRequestInfo()
  const date = post.publishedAt ?? post.createdAt
  const reading = readingTime(post.content)
  const hero = post.featuredImage
    ? featuredImageSources({ ...post, featuredImage: post.featuredImage }, POST_IMAGE_SIZES)
    : null
  return (
    <article className="post__article">
      {head !== 'none' && <PostHead post={post} draft={head === 'noindex'} />}
      <header className="post__header">
        <time className="post__date" dateTime={date}>
          {formatDisplayDate(date)}
        </time>
        <h1 className="post__title" dir="auto">
          {post.title}
        </h1>
        {post.author && <Byline author={post.author} linked={head === 'public'} />}
        {reading.minutes > 0 && <p className="post__reading-time">{minutesToRead(reading.minutes)}</p>}
        {post.tags.length > 0 && (
          <ul className="post__tags" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag.id}>
                <SiteLink to={tagPath(tag.slug)} className="tag" dir="auto">
                  {tag.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        )}
      </header>
      {hero && <img className="post__image" {...hero} alt={hero.alt} fetchPriority="high" />}
      <div
        ref={content}
        className="post-content"
        {...(head === 'public' ? { [POST_CONTENT_ATTRIBUTE]: post.slug } : {})}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: post HTML is sanitized on every write (sanitize-post-html.ts)
        dangerouslySetInnerHTML={{ __html: markersWithDirection(post.content) }}
      />
      <GalleryLightbox content={content} html={post.content} />
      {head === 'public' && (
        <PostShare url={canonicalOf(post, new URL(postPath(post.slug), origin).href)} title={post.title} />
      )}
    </article>
  )
}
