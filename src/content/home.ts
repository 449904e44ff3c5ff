/** The home page's own content. Not in site.ts: all of that module is in the script every page loads. */
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
