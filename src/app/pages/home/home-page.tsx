import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { loaderServicesContext } from '../../router-context'
import { BrandsSection } from './brands-section'
import { EventPromo } from './event-promo'
import { HeroVideo } from './hero-video'
import { MerchSection } from './merch-section'

/**
 * The event comes as loader data, not through the query cache: reading a query would bring the query
 * observer into the home page's JavaScript, which has a budget (scripts/size.ts), for one small object.
 */
export async function homeLoader({ context }: LoaderFunctionArgs) {
  const { data } = context.get(loaderServicesContext)
  return { event: await data.event.get() }
}

export function HomePage() {
  const { event } = useLoaderData<typeof homeLoader>()
  return (
    <>
      <PageMeta title={`${site.name} | ${site.tagline}`} description={site.description} path={PAGES.home} />
      <section className="hero" aria-labelledby="hero-title">
        <HeroVideo />
        <div className="hero__content">
          <h1 id="hero-title" className="hero__title">
            {site.tagline}
          </h1>
          <p className="hero__description">{site.description}</p>
          <EventPromo event={event} />
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
      <BrandsSection />
    </>
  )
}

export { HomePage as Component, homeLoader as loader }
