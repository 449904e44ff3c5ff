import { site } from '../../../content/site'
import { SITE_FEED_PATH } from '../../../shared/paths'
import { useSiteFacts } from '../../data/use-site-facts'
import { SubscribeForm } from './subscribe-form'

/**
 * The end of a post and of the blog: the newsletter, the feed for those who read with a feed reader, and the
 * studio's Discord once the owner has set its invite.
 */
export function FollowBlock() {
  const { discordUrl } = useSiteFacts()
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
      {discordUrl && (
        <p className="follow__discord">
          Talk with the team and other players on{' '}
          <a href={discordUrl} target="_blank" rel="noopener noreferrer">
            our Discord
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      )}
    </aside>
  )
}
