import type { SiteFacts } from '../shared/site-facts'

/** One place for the studio's names, links and addresses; pages and meta tags read them from here. */
export const site = {
  name: 'Kindlewave Studios',
  shortName: 'Kindlewave',
  description: 'Bringing creativity to life across all forms of expression.',
  /** The RSS feed's title, in the feed and in the link every page has to it. */
  feedTitle: 'Kindlewave Studios Blog',
  careersEmail: 'careers@kindlewave.studio',
  logo: { src: '/brand/logo.svg', width: 220, height: 48 },
  socialImage: {
    src: '/video/hero-poster.webp',
    width: 1280,
    height: 720,
    alt: 'Violet and pink light trails over a dark background',
  },
  /** The facts until the owner sets them in the admin's Settings (src/shared/site-facts.ts): the spec's, and no Discord. */
  defaultFacts: {
    contactEmail: 'hello@kindlewave.studio',
    storeUrl: 'https://store.kindlewave.studio/',
    storeLabel: 'Store',
    tagline: 'Innovative Entertainment',
    shareImage: null,
    discordUrl: null,
    connect: {
      video: 'https://video.example.com/@kindlewave',
      photos: 'https://photos.example.com/kindlewave',
      microblog: 'https://microblog.example.com/kindlewave',
      community: 'https://games.example.com/communities/kindlewave',
    },
  } satisfies SiteFacts as SiteFacts,
} as const
