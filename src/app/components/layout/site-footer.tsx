import { SITE_FEED_PATH } from '../../../shared/paths'
import { externalLinks } from '../../../shared/site-facts'
import { useSiteFacts } from '../../data/use-site-facts'
import { FooterSubscribe } from '../newsletter/footer-subscribe'
import { Copyright } from './copyright'
import { LogoLink } from './logo'
import { NavLinks } from './nav-links'

export function SiteFooter() {
  const facts = useSiteFacts()
  const external = externalLinks(facts)
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <LogoLink />
          <p className="site-footer__tagline">{facts.tagline}</p>
          <FooterSubscribe />
        </div>
        <nav aria-labelledby="footer-links-heading" className="site-footer__group">
          <h2 id="footer-links-heading" className="site-footer__heading">
            Links
          </h2>
          <ul>
            <NavLinks linkClassName="footer-link" />
          </ul>
        </nav>
        <nav aria-labelledby="footer-connect-heading" className="site-footer__group">
          <h2 id="footer-connect-heading" className="site-footer__heading">
            Connect
          </h2>
          <ul>
            <li>
              <a href={SITE_FEED_PATH} className="footer-link" type="application/rss+xml">
                RSS feed
              </a>
            </li>
            {external.map((link) => (
              <li key={link.key}>
                <a href={link.href} className="footer-link" target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <Copyright />
      </div>
    </footer>
  )
}
