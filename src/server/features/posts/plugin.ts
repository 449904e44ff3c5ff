import { Elysia } from 'elysia'
import type { NewsletterProgress } from '../../../shared/newsletter'
import type { FeatureDeps } from '../../app-deps'
import type { FairReads } from '../../render/fair-reads'
import { adminPostRoutes } from './admin-routes'
import { createAdminPostService } from './admin-service'
import { draftLinkRoutes } from './draft-link-routes'
import type { DraftLinkService } from './draft-links'
import { createEmailFlag } from './email-flag'
import type { PostMediaStore } from './post-content'
import { createPostPresence } from './presence'
import { postPresenceRoutes } from './presence-routes'
import { publicPostRoutes } from './routes'
import type { PublicPostService } from './service'

export interface PostsPluginOptions {
  /** The reads the pages share (public-services.ts). */
  posts: PublicPostService
  draftLinks: DraftLinkService
  /** Uploads, as the media feature keeps them. */
  media: PostMediaStore
  fair: FairReads
  /** The origin of the links the editor is given. */
  origin: (request: Request) => string
  /** How a post's email to the subscribers went (the subscribers feature's). */
  newsletterOf: (postId: number) => Promise<NewsletterProgress | null>
}

/** The blog: its public reads, its draft links and the editor's API. */
export function postsPlugin(
  { db, content, clock, session, record }: FeatureDeps,
  { posts, draftLinks, media, fair, origin, newsletterOf }: PostsPluginOptions,
) {
  const admin = createAdminPostService(db, { content, media, clock })
  return new Elysia({ name: 'feature:posts' })
    .use(publicPostRoutes(posts, fair))
    .use(draftLinkRoutes(draftLinks))
    .use(
      adminPostRoutes(admin, session, {
        draftLinks,
        origin,
        record,
        newsletterOf,
        emailFlag: createEmailFlag(db, clock),
      }),
    )
    .use(postPresenceRoutes(createPostPresence(db, clock), session))
}
