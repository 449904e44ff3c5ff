import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../site-link'

/** The studio's logo; `alt` says what it stands for where it is used. */
export function LogoImage({ className, alt = site.name }: { className?: string; alt?: string }) {
  return <img className={className} src={site.logo.src} width={site.logo.width} height={site.logo.height} alt={alt} />
}

export function LogoLink({ className = 'logo-link', onClick }: { className?: string; onClick?: () => void }) {
  return (
    <SiteLink to={PAGES.home} className={className} onClick={onClick}>
      <LogoImage alt={`${site.name} home`} />
    </SiteLink>
  )
}
