// The mini date: the full UTCDate makes three Intl formatters when evaluated, at every start, for its toString.
import { UTCDateMini } from '@date-fns/utc/date/mini'
import { isAfter } from 'date-fns/isAfter'
import { setHours } from 'date-fns/setHours'
import { startOfDay } from 'date-fns/startOfDay'
import { subDays } from 'date-fns/subDays'
import { count, eq } from 'drizzle-orm'
import type { SeedPost } from '../../../content/seed-post'
import { seedPosts } from '../../../content/seed-posts'
import { slugify } from '../../../shared/slug'
import { createContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { markSetupPending } from '../../db/first-run'
import { appSettings, posts, postTags, tags } from '../../db/schema'
import { bundledPostContent } from './post-content'

const isEmpty = async (db: Pick<Database, 'select'>) => ((await db.select({ n: count() }).from(posts))[0]?.n ?? 0) === 0

/**
 * Set when the launch posts went in, or when a start found posts already there: a blog emptied since (its
 * sample content removed, every post deleted) stays empty at the next start instead of being seeded again.
 */
const SEEDED_KEY = 'posts_seeded'
const isSeeded = async (db: Pick<Database, 'select'>) =>
  (await db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, SEEDED_KEY))).length > 0

/** The day a seed at `now` counts back from: the last 09:00 UTC at or before it. */
export function seedDayOf(now: number): Date {
  const morning = setHours(startOfDay(new UTCDateMini(now)), 9)
  return isAfter(morning, now) ? subDays(morning, 1) : morning
}

/**
 * Inserts the bundled launch posts into a new database, once (SEEDED_KEY). Dates count back from the day of
 * seeding (at 09:00 UTC), so the newest posts carry the NEW badge whenever the site is first started. Processes
 * starting together on a fresh database all find it unseeded: the check is made again inside the write
 * transaction, which they take in turn, so only the first one seeds. The posts are prepared before it,
 * so the write lock is held only for the inserts.
 */
export async function seedBlogIfEmpty(
  db: Database,
  now = Date.now(),
  content: SeedPost[] = seedPosts,
): Promise<boolean> {
  if (await isSeeded(db)) return false
  const seedDay = seedDayOf(now)
  const prepared = await Promise.all(
    content.map(async (post) => {
      const publishedAt = new Date(subDays(seedDay, post.publishedDaysAgo).getTime())
      return {
        tags: post.tags,
        row: {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          ...(await bundledPostContent(post)),
          featuredImage: post.featuredImage,
          additionalImages: null,
          featured: post.featured ?? post.isFeatured ?? false,
          status: 'published' as const,
          createdAt: publishedAt,
          updatedAt: publishedAt,
          publishedAt,
          // The site's starting content is not news to a webhook.
          announcedAt: new Date(now),
          authorId: 1,
        },
      }
    }),
  )

  // A content write like any other: the version changes with it, so caches of other processes turn over.
  return createContentVersion(db, () => now).write(async (tx, changed) => {
    if (await isSeeded(tx)) return false
    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: 'true', updatedAt: new Date(now) })
    // A blog from before the marker, with posts: marked, not seeded.
    if (!(await isEmpty(tx))) return false
    changed()
    // A fresh install: its owner is asked, at first sign-in, to set it up (and may start empty).
    await markSetupPending(tx, now)
    const tagIds = new Map<string, number>()
    for (const name of new Set(content.flatMap((p) => p.tags))) {
      const [tag] = await tx
        .insert(tags)
        .values({ name, slug: slugify(name) })
        .returning({ id: tags.id })
      tagIds.set(name, tag!.id)
    }
    for (const post of prepared) {
      const [row] = await tx.insert(posts).values(post.row).returning({ id: posts.id })
      const ids = post.tags.map((name) => tagIds.get(name)!)
      if (ids.length > 0) await tx.insert(postTags).values(ids.map((tagId) => ({ postId: row!.id, tagId })))
    }
    return true
  })
}
