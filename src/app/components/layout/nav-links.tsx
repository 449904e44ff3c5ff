import { Link } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'

/** Home, Store and Contact: the same three links in the header, the mobile menu and the footer. */
export function NavLinks({ onNavigate, linkClassName }: { onNavigate?: () => void; linkClassName?: string }) {
  return (
    <>
      <li>
        <Link to={PAGES.home} className={linkClassName} onClick={onNavigate}>
          Home
        </Link>
      </li>
      <li>
        <a
          href={site.storeUrl}
          className={linkClassName}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
        >
          Store<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        <a href={`mailto:${site.contactEmail}`} className={linkClassName} onClick={onNavigate}>
          Contact
        </a>
      </li>
    </>
  )
}
