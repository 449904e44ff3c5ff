import { Elysia, t } from 'elysia'
import { DRAFT_LINK_RESPONSE_HEADERS } from '../../../shared/draft-link'
import type { DraftLinkService } from './draft-links'

/** The draft link's data for client navigation: whoever has the token reads the saved post, never cached. */
export function draftLinkRoutes(draftLinks: DraftLinkService) {
  return new Elysia({ name: 'draft-links' }).get(
    '/api/blog/draft-links/:token',
    async ({ params, set, status }) => {
      Object.assign(set.headers, DRAFT_LINK_RESPONSE_HEADERS)
      return (await draftLinks.byToken(params.token)) ?? status(404, { error: 'Post not found' })
    },
    { params: t.Object({ token: t.String({ maxLength: 100 }) }) },
  )
}
