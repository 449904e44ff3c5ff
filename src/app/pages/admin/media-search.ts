import type { MediaListItem } from '../../../shared/media'

/** An upload's name in lists: the file it came from, or what it is when it had none. */
export const mediaName = (item: MediaListItem) => item.originalName || `${item.format} ${item.width}×${item.height}`

/** Uploads whose file name or alt text hold every word typed, in any case. */
export function matchingMedia(items: MediaListItem[], query: string): MediaListItem[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return items
  return items.filter((item) => {
    const text = `${item.originalName} ${item.alt}`.toLocaleLowerCase()
    return words.every((word) => text.includes(word))
  })
}
