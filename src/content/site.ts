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
  connect: [
    { label: 'Video channel', href: 'https://video.example.com/@kindlewave' },
    { label: 'Photo profile', href: 'https://photos.example.com/kindlewave' },
    { label: 'Microblog', href: 'https://microblog.example.com/kindlewave' },
    { label: 'Game community', href: 'https://games.example.com/communities/kindlewave' },
  ],
} as const
