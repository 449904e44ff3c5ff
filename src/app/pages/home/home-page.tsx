import type { LoaderFunctionArgs } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { eventQueries } from '../../data/event-queries'
import { loaderServicesContext } from '../../router-context'
import { BrandsSection } from './brands-section'
import { EventPromo } from './event-promo'
import { HeroVideo } from './hero-video'
import { MerchSection } from './merch-section'

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  await queryClient.ensureQueryData(eventQueries.current(data))
  return null
}

export function HomePage() {
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
          <EventPromo />
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
