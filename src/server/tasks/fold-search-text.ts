import { eq } from 'drizzle-orm'
import { createContentVersion } from '../cache/content-version'
import type { Database } from '../db/client'
import { appSettings, posts } from '../db/schema'
import { foldForSearch } from '../features/posts/search-query'

/** Set once every post's search text is folded; later starts read this one row instead of every post. */
const DONE_KEY = 'search_text_folded'

/**
 * Folds the search text of posts saved by releases that kept accents in it (search-query.ts
 * `foldForSearch`), so "pokemon" finds a post saying "Pokémon". Once per database: processes starting
 * together fold the same text to the same value, and the first to finish marks it done. Returns how many
 * posts changed; a change turns the content version over, so cached searches are made again.
 */
export async function foldStoredSearchText(db: Database): Promise<number> {
  const [done] = await db.select().from(appSettings).where(eq(appSettings.key, DONE_KEY))
  if (done) return 0
  return createContentVersion(db).write(async (tx, changed) => {
    const rows = await tx.select({ id: posts.id, searchText: posts.searchText }).from(posts)
    const unfolded = rows.filter((row) => foldForSearch(row.searchText) !== row.searchText)
    for (const row of unfolded)
      await tx
        .update(posts)
        .set({ searchText: foldForSearch(row.searchText) })
        .where(eq(posts.id, row.id))
    await tx.insert(appSettings).values({ key: DONE_KEY, value: 'yes', updatedAt: new Date() }).onConflictDoNothing()
    if (unfolded.length > 0) changed()
    return unfolded.length
  })
}
