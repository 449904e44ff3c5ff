import { useEffect, useState } from 'react'
import { SITE_FEED_PATH } from '../../../shared/paths'
import { shareLinks } from '../../../shared/share-links'

/** What this browser can do beyond links: its own share sheet, and copying to the clipboard. */
function useBrowserSharing() {
  const [abilities, setAbilities] = useState({ share: false, copy: false })
  // Known only in the browser, after hydration: the server's HTML and the first render hold links alone.
  useEffect(() => {
    setAbilities({ share: typeof navigator.share === 'function', copy: Boolean(navigator.clipboard) })
  }, [])
  return abilities
}

/**
 * The end of a post: share it (the device's share sheet where the browser has one, a copied link, or each
 * network's share page) and follow the blog (its feed). Plain links first: no network's script is loaded.
 */
export function PostShare({ url, title }: { url: string; title: string }) {
  const can = useBrowserSharing()
  const [said, setSaid] = useState('')
  // Each copy is said afresh (cleared first, so a second copy is announced again), and a refusal too.
  const copy = () => {
    setSaid('')
    navigator.clipboard.writeText(url).then(
      () => setSaid('Link copied'),
      () => setSaid('The link could not be copied: copy it from the address bar'),
    )
  }
  return (
    <aside className="post-share" aria-labelledby="post-share-heading">
      <h2 id="post-share-heading" className="post-share__title">
        Share this post
      </h2>
      <ul className="post-share__list">
        {can.share && (
          <li>
            <button
              type="button"
              className="post-share__link"
              onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
            >
              Share…
            </button>
          </li>
        )}
        {can.copy && (
          <li>
            <button type="button" className="post-share__link" onClick={copy}>
              Copy link
            </button>
          </li>
        )}
        {shareLinks(url, title).map((link) => (
          <li key={link.name}>
            <a className="post-share__link" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.name}
              <span className="visually-hidden"> (share, opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="post-share__status" role="status">
        {said}
      </p>
      <p className="post-share__follow">
        Follow the blog:{' '}
        <a href={SITE_FEED_PATH} type="application/rss+xml">
          RSS feed
        </a>
      </p>
    </aside>
  )
}
