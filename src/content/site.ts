import type { SiteLinks } from '../shared/site-links'

/** One place for the studio's names, links and addresses; pages and meta tags read them from here. */
export const site = {
  name: 'Kindlewave Studios',
  shortName: 'Kindlewave',
  tagline: 'Innovative Entertainment',
  description: 'Bringing creativity to life across all forms of expression.',
  /** The RSS feed's title, in the feed and in the link every page has to it. */
  feedTitle: 'Kindlewave Studios Blog',
  storeUrl: 'https://store.kindlewave.studio',
  contactEmail: 'hello@kindlewave.studio',
  careersEmail: 'careers@kindlewave.studio',
  logo: { src: '/brand/logo.svg', width: 220, height: 48 },
  socialImage: {
    src: '/video/hero-poster.webp',
    width: 1280,
    height: 720,
    alt: 'Violet and pink light trails over a dark background',
  },
  /** The links until the owner sets them in the admin (src/shared/site-links.ts): the spec's, and no Discord. */
  defaultLinks: {
    discordUrl: null,
    connect: {
      video: 'https://video.example.com/@kindlewave',
      photos: 'https://photos.example.com/kindlewave',
      microblog: 'https://microblog.example.com/kindlewave',
      community: 'https://games.example.com/communities/kindlewave',
    },
  } satisfies SiteLinks as SiteLinks,
} as const
