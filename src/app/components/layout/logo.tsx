import { Link } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'

export function LogoLink({ className = 'logo-link', onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to={PAGES.home} className={className} onClick={onClick}>
      <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt={`${site.name} home`} />
    </Link>
  )
}
