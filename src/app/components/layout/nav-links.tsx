import { useLocation } from 'react-router'
import { PAGES } from '../../../shared/paths'
import { useSiteFacts } from '../../data/use-site-facts'
import { SiteLink } from '../site-link'
import { navCurrent } from './nav-current'

/** The site's own sections, in the order the header, the mobile menu and the footer list them. */
const SECTIONS = [
  { label: 'Home', to: PAGES.home },
  { label: 'Blog', to: PAGES.blog },
  { label: 'Careers', to: PAGES.jobs },
] as const

/**
 * The same links in the header, the mobile menu and the footer: the spec's Home, Store and Contact, with
 * Blog and Careers after Home so visitors (not only crawlers reading the sitemap) can reach them.
 */
export function NavLinks({ onNavigate, linkClassName }: { onNavigate?: () => void; linkClassName?: string }) {
  const { pathname } = useLocation()
  const { storeUrl, storeLabel, contactEmail } = useSiteFacts()
  return (
    <>
      {SECTIONS.map(({ label, to }) => (
        <li key={to}>
          <SiteLink to={to} className={linkClassName} aria-current={navCurrent(pathname, to)} onClick={onNavigate}>
            {label}
          </SiteLink>
        </li>
      ))}
      <li>
        <a href={storeUrl} className={linkClassName} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          {storeLabel}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        <a href={`mailto:${contactEmail}`} className={linkClassName} onClick={onNavigate}>
          Contact
        </a>
      </li>
    </>
  )
}
