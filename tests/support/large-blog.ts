import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { posts } from '../../src/server/db/schema'
import { bundledPostContent } from '../../src/server/features/posts/post-content'

const WORDS =
  'donation plaza golf cart crane booth blimp trophy credits gift gems players community update event award festival stage music plush charity stream concert season booth leaderboard reward quest badge studio creator collab'.split(
    ' ',
  )

/** Words picked by a fixed sequence from `seed`: the same blog every time. */
function paragraph(seed: number, words: number): string {
  let x = seed
  const out: string[] = []
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    out.push(WORDS[x % WORDS.length]!)
  }
  return out.join(' ')
}

/**
 * Adds `count` published posts of about 2 KB of text each (an hour apart from 2020 on), 500 to a statement,
 * their HTML made safe as the admin's would be. "donation" is in nearly every one.
 */
export async function addLargeBlog(db: Database, count: number): Promise<void> {
  const start = Date.UTC(2020, 0, 1)
  for (let batch = 0; batch < count; batch += 500) {
    const rows = []
    for (let n = batch; n < Math.min(batch + 500, count); n++) {
      const title = `Update ${n}: ${paragraph(n, 6)}`
      const excerpt = paragraph(n + 1, 24)
      const html = `<h2>${paragraph(n + 2, 5)}</h2><p>${paragraph(n + 3, 150)}</p><ul><li>${paragraph(n + 4, 20)}</li></ul><p>${paragraph(n + 5, 120)}</p>`
      const when = new Date(start + n * 3_600_000)
      rows.push({
        title,
        slug: `bench-post-${n}`,
        excerpt,
        ...(await bundledPostContent({ title, excerpt, content: html })),
        status: 'published' as const,
        createdAt: when,
        updatedAt: when,
        publishedAt: when,
      })
    }
    await db.insert(posts).values(rows)
  }
}

const templates = new Map<number, Promise<string>>()

/**
 * A fresh copy of a migrated database holding a blog of `count` posts, as a `file:` URL. The blog is made
 * once per test process and copied for each caller, so every server of a run starts from the same one.
 */
export async function largeBlogDatabase(count = 10_000): Promise<string> {
  let template = templates.get(count)
  if (!template) {
    template = (async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'large-blog-')), 'template.db')
      const db = await openDatabase({ url: `file:${path}` })
      await applyMigrations(db)
      await addLargeBlog(db, count)
      db.$client.close()
      return path
    })()
    templates.set(count, template)
  }
  const copy = join(mkdtempSync(join(tmpdir(), 'large-blog-copy-')), 'site.db')
  copyFileSync(await template, copy)
  return `file:${copy}`
}
