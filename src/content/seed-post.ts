/** Bundled launch content: inserted into an empty database at first start (see the seeder). */
export interface SeedPost {
  title: string
  slug: string // lower-case, a-z 0-9 and hyphens
  excerpt: string // 1–2 sentences, 120–200 chars
  content: string // HTML
  featuredImage: string | null // path under public/, e.g. '/blog/golf-cart.webp'
  featured?: boolean
  isFeatured?: boolean // alias the seeder accepts
  /** Days before the day the database is first seeded. */
  publishedDaysAgo: number
  tags: string[] // tag names, e.g. ['Updates']
}
