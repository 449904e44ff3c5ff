import { type KeyboardEvent, useState } from 'react'
import type { PostSummary } from '../../../shared/blog'
import { formatDisplayDate } from '../../../shared/dates'
import { postPath } from '../../../shared/paths'
import { featuredImageSources } from '../../components/blog/featured-image'
import { scrollToTopSoon } from '../../components/blog/post-links'
import { SiteLink } from '../../components/site-link'
import { useSwipe } from './use-swipe'

/**
 * One featured post at a time; previous/next wrap, dots jump, arrow keys work inside, a swipe turns the
 * slide. Nothing when none is featured.
 */
export function FeaturedCarousel({ posts }: { posts: PostSummary[] }) {
  const [current, setCurrent] = useState(0)
  const count = posts.length
  const go = (index: number) => setCurrent(((index % count) + count) % count)
  const swipe = useSwipe((step) => go(current + step))
  if (count === 0) return null
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1)
    else if (event.key === 'ArrowRight') go(current + 1)
    else return
    event.preventDefault()
  }

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Featured posts" onKeyDown={onKeyDown}>
      <div className="carousel__viewport" aria-live="polite" {...(count > 1 ? swipe : {})}>
        {posts.map((post, index) => {
          const active = index === current
          const date = post.publishedAt ?? post.createdAt
          return (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a labelled group (WAI-ARIA carousel pattern), not a form fieldset
            <div
              key={post.id}
              className={`carousel__slide${active ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
            >
              {post.featuredImage && (
                <img
                  className="carousel__image"
                  {...featuredImageSources(
                    { ...post, featuredImage: post.featuredImage },
                    '(max-width: 1200px) 100vw, 1152px',
                  )}
                  alt=""
                  draggable={false}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              )}
              <div className="carousel__caption">
                <p className="carousel__eyebrow">Featured</p>
                <h2 className="carousel__title" dir="auto">
                  {post.title}
                </h2>
                <p className="carousel__excerpt" dir="auto">
                  {post.excerpt}
                </p>
                <div className="carousel__meta">
                  <time dateTime={date}>{formatDisplayDate(date)}</time>
                  <SiteLink
                    to={postPath(post.slug)}
                    className="button button--primary"
                    onClick={scrollToTopSoon}
                    draggable={false}
                  >
                    Read More<span className="visually-hidden">: {post.title}</span>
                  </SiteLink>
                </div>
              </div>
            </div>
          )
        })}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__arrow" aria-label="Previous slide" onClick={() => go(current - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form fieldset */}
          <div className="carousel__dots" role="group" aria-label="Choose a featured post">
            {posts.map((post, index) => (
              <button
                key={post.id}
                type="button"
                className="carousel__dot"
                aria-label={`Show slide ${index + 1}: ${post.title}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button type="button" className="carousel__arrow" aria-label="Next slide" onClick={() => go(current + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  )
}
