import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { usePublicFile } from '../../document'
import { SiteLink } from '../site-link'

/** The studio's logo; `alt` says what it stands for where it is used. */
export function LogoImage({ className, alt = site.name }: { className?: string; alt?: string }) {
  const src = usePublicFile(site.logo.src)
  return <img className={className} src={src} width={site.logo.width} height={site.logo.height} alt={alt} />
}

export function LogoLink({ className = 'logo-link', onClick }: { className?: string; onClick?: () => void }) {
  return (
    <SiteLink to={PAGES.home} className={className} onClick={onClick}>
      <LogoImage alt={`${site.name} home`} />
    </SiteLink>
  )
}
