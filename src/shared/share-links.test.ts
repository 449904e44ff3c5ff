import { describe, expect, test } from 'bun:test'
import { shareLinks } from './share-links'

describe("a post's share links", () => {
  test("carry the post's address and title whole, whatever they hold", () => {
    const url = 'https://studio.test/blog/q-and-a?x=1#top'
    const title = 'Q&A: "Plush" #1 — 100% soft'
    for (const { name, href } of shareLinks(url, title)) {
      const params = new URL(href).searchParams
      const carried = [...params.values()].join(' ')
      expect(carried, name).toContain(url)
      if (name !== 'Facebook' && name !== 'LinkedIn') expect(carried, name).toContain(title)
      expect(new URL(href).protocol).toBe('https:')
    }
    expect(shareLinks(url, title).map((link) => link.name)).toEqual(['X', 'Bluesky', 'Reddit', 'Facebook', 'LinkedIn'])
  })
})
