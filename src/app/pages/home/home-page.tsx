import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { site } from '../../../content/site'
import { HOME_LATEST_POSTS } from '../../../shared/blog'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { useSiteFacts } from '../../data/use-site-facts'
import { loaderServicesContext } from '../../router-context'
import { BrandsSection } from './brands-section'
import { EventPromo } from './event-promo'
import { HeroVideo } from './hero-video'
import { LatestPostsSection } from './latest-posts-section'
import { MerchSection } from './merch-section'
import { OpenRolesSection } from './open-roles-section'
import { SiteJsonLd } from './site-json-ld'

/**
 * The latest posts and the event straight from the data interface, as loader data: the shared query
 * cache's options and observer would take the home page's script over its size budget.
 */
export async function homeLoader({ context, request }: LoaderFunctionArgs) {
  const { data } = context.get(loaderServicesContext)
  // Decorations of the home page: while they cannot be read (a database outage), the page goes without them.
  const [latest, events] = await Promise.all([
    data.blog.list(1, HOME_LATEST_POSTS, request.signal).catch(() => ({ posts: [] })),
    data.event.promoted().catch(() => []),
  ])
  return { latest: latest.posts, events }
}

export function HomePage() {
  const { latest, events } = useLoaderData<typeof homeLoader>()
  const { tagline } = useSiteFacts()
  return (
    <>
      <PageMeta title={`${site.name} | ${tagline}`} description={site.description} path={PAGES.home} />
      <SiteJsonLd />
      <section className="hero" aria-labelledby="hero-title">
        <HeroVideo />
        <div className="hero__content">
          <h1 id="hero-title" className="hero__title">
            {tagline}
          </h1>
          <p className="hero__description">{site.description}</p>
          <EventPromo events={events} />
        </div>
        <a href="#merch" className="hero__scroll">
          <span className="visually-hidden">Scroll down to the merchandise</span>
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
            <path
              d="M12 4v16m0 0-7-7m7 7 7-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </a>
      </section>
      <MerchSection />
      <LatestPostsSection posts={latest} />
      <BrandsSection />
      <OpenRolesSection />
    </>
  )
}

export { HomePage as Component, homeLoader as loader }
