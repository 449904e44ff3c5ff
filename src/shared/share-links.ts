/**
 * Where a post can be shared from its page: each network's own share address, opened as a plain link, so
 * the page loads no script and makes no request of theirs (issue 41).
 */
export function shareLinks(url: string, title: string): { name: string; href: string }[] {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    { name: 'X', href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { name: 'Bluesky', href: `https://bsky.app/intent/compose?text=${encodeURIComponent(`${title} ${url}`)}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ]
}
