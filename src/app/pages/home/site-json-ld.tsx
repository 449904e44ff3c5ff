import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { externalLinks } from '../../../shared/site-facts'
import { JsonLd } from '../../components/json-ld'
import { useSiteFacts } from '../../data/use-site-facts'
import { useRequestInfo } from '../../request-info'

/**
 * Organization and WebSite structured data, on the home page only (as search engines ask). Kept here, in
 * the home page's chunk: the entry script has no room for it. The blog search is the site's search.
 */
export function SiteJsonLd() {
  const { origin } = useRequestInfo()
  const links = useSiteFacts()
  const url = `${origin}/`
  const data = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        name: site.name,
        url,
        logo: origin + site.logo.src,
        sameAs: externalLinks(links).map((link) => link.href),
        email: links.contactEmail,
      },
      {
        '@type': 'WebSite',
        name: site.name,
        url,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}${PAGES.blog}?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  }
  return <JsonLd data={data} />
}
