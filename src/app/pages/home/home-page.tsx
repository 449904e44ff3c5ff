import { Link } from 'react-router'
import { event, site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { BrandsSection } from './brands-section'
import { HeroVideo } from './hero-video'
import { MerchSection } from './merch-section'

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
          <Link to={PAGES.event} className="hero__event-link">
            <span>Invite-only RDC25 party</span>
            <span className="hero__event-date">{event.date} ›</span>
          </Link>
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

export { HomePage as Component }
