/** The footer's Connect links, in the order shown; the owner sets each in the admin's Settings. */
export const CONNECT_LINKS = [
  { key: 'video', label: 'Video channel' },
  { key: 'photos', label: 'Photo profile' },
  { key: 'microblog', label: 'Microblog' },
  { key: 'community', label: 'Game community' },
] as const
export type ConnectKey = (typeof CONNECT_LINKS)[number]['key']

/** The studio's facts every public page shows, as the owner set them in the admin's Settings. */
export interface SiteFacts {
  /** The header's and footer's Contact link. */
  contactEmail: string
  /** The Store link and the merchandise section's button. */
  storeUrl: string
  /** The Store link's text. */
  storeLabel: string
  /** The Discord invite, shown in the footer and the Follow block; null hides it. */
  discordUrl: string | null
  /** null hides a link. */
  connect: Record<ConnectKey, string | null>
  /** Under the logo in the footer, in the home page's hero and title. */
  tagline: string
  /** The share image of pages without one of their own (an https address or a path on this site); null: the bundled one. */
  shareImage: string | null
}

/** The public read of the facts (`GET`), for pages the browser renders. */
export const SITE_FACTS_API = '/api/site-facts'

/** The links a page shows, labelled, in order; the hidden ones left out. */
function connectLinks(links: SiteFacts): { key: ConnectKey; label: string; href: string }[] {
  return CONNECT_LINKS.flatMap(({ key, label }) => {
    const href = links.connect[key]
    return href ? [{ key, label, href }] : []
  })
}

/** Every link out a page shows, in order: the Discord invite, then the Connect links that are set. */
export function externalLinks(links: SiteFacts): { key: ConnectKey | 'discord'; label: string; href: string }[] {
  return [
    ...(links.discordUrl ? [{ key: 'discord' as const, label: 'Discord', href: links.discordUrl }] : []),
    ...connectLinks(links),
  ]
}
