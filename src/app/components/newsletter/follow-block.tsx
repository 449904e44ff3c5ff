import { site } from '../../../content/site'
import { SITE_FEED_PATH } from '../../../shared/paths'
import { SubscribeForm } from './subscribe-form'

/** The end of a post and of the blog: the newsletter, and the feed for those who read with a feed reader. */
export function FollowBlock() {
  return (
    <aside className="follow" aria-label={`Follow ${site.name}`}>
      <SubscribeForm heading={`Follow ${site.name}`} />
      <p className="follow__feed">
        Or follow the{' '}
        <a href={SITE_FEED_PATH} type="application/rss+xml">
          RSS feed
        </a>{' '}
        in your feed reader.
      </p>
    </aside>
  )
}
