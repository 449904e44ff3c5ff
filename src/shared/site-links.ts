/** The footer's Connect links, in the order shown; the owner sets each in the admin's Settings. */
export const CONNECT_LINKS = [
  { key: 'video', label: 'Video channel' },
  { key: 'photos', label: 'Photo profile' },
  { key: 'microblog', label: 'Microblog' },
  { key: 'community', label: 'Game community' },
] as const
export type ConnectKey = (typeof CONNECT_LINKS)[number]['key']

/** Where the studio can be followed: null hides a link. */
export interface SiteLinks {
  /** The Discord invite, shown in the footer and the Follow block. */
  discordUrl: string | null
  connect: Record<ConnectKey, string | null>
}

/** The public read of the links (`GET`), for pages the browser renders. */
export const SITE_LINKS_API = '/api/site-links'

/** The links a page shows, labelled, in order; the hidden ones left out. */
function connectLinks(links: SiteLinks): { key: ConnectKey; label: string; href: string }[] {
  return CONNECT_LINKS.flatMap(({ key, label }) => {
    const href = links.connect[key]
    return href ? [{ key, label, href }] : []
  })
}

/** Every link out a page shows, in order: the Discord invite, then the Connect links that are set. */
export function externalLinks(links: SiteLinks): { key: ConnectKey | 'discord'; label: string; href: string }[] {
  return [
    ...(links.discordUrl ? [{ key: 'discord' as const, label: 'Discord', href: links.discordUrl }] : []),
    ...connectLinks(links),
  ]
}
