import type { EventSettings } from '../shared/event'

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

/** The spec's event (§2 "Event page", §9): what the event page shows until the administrator saves another. */
export const defaultEvent: EventSettings = {
  title: 'Developer Conference Party',
  date: '2025-09-05',
  location: 'TBA',
  rsvpLabel: 'RSVP via Discord',
  rsvpUrl: 'https://discord.gg/kindlewave-rdc25',
  description: `${site.name} is hosting its second party, exclusive to invited attendees. Join us for free food, drinks, activities and merch.`,
  promoteOnHome: true,
}

export const merchandise = {
  heading: 'Shop Our Merchandise',
  pitch: 'New Hoodies, Plushies, Keychains & More!',
  photos: [
    { src: '/merch/hoodie.webp', alt: 'Violet Kindlewave hoodie with the flame logo on the chest' },
    { src: '/merch/plushie.webp', alt: 'Soft plush toy of a Kindlewave character' },
    { src: '/merch/keychain.webp', alt: 'Acrylic keychain shaped like the Kindlewave logo' },
  ],
} as const

export const partners = {
  heading: 'Trusted by Leading Brands, Artists & Creators',
  blurb:
    'From toy makers and musicians to award shows and charities, we collaborate with partners across the game industry to build experiences players remember.',
  logos: [
    { name: 'Tumbletop Toys', src: '/partners/tumbletop-toys.svg' },
    { name: 'The Paper Comets', src: '/partners/paper-comets.svg' },
    { name: 'Pixel Crown Awards', src: '/partners/pixel-crown-awards.svg' },
    { name: 'Marrow & Light Foundation', src: '/partners/marrow-and-light.svg' },
    { name: 'Button & Bean', src: '/partners/button-and-bean.svg' },
  ],
} as const

/**
 * The privacy notice for applicants, linked from the application form. `{days}` is the retention period
 * the server is configured with (APPLICATION_RETENTION_DAYS); `{email}` the careers address.
 */
export const applicantPrivacy = {
  title: 'Privacy notice for applicants',
  sections: [
    {
      heading: 'What we collect',
      text: 'The details you give us in the application form: your name, email address and the optional contact details and links, your cover letter, and your resume as text, as a file, or both.',
    },
    {
      heading: 'Why',
      text: 'Only to consider you for the role you applied to and to contact you about it. We do not sell it, share it with advertisers or use it for anything else.',
    },
    {
      heading: 'Who sees it',
      text: 'The people at the studio who hire for the role. Your application is stored on our own servers; the hiring team gets an email saying that you applied, with a link to it, and you get a confirmation with your reference number.',
    },
    {
      heading: 'How long we keep it',
      text: 'Applications and resume files are deleted automatically {days} days after they arrive, whatever their outcome.',
    },
    {
      heading: 'Your choices',
      text: 'Write to {email} with your reference number to see what we hold about you, to correct it, or to have your application deleted sooner.',
    },
  ],
} as const
