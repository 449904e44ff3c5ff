import { Elysia, t } from 'elysia'
import { PREVIEW_RESPONSE_HEADERS } from '../../../shared/post-preview'
import type { PostPreviewService } from './post-preview'

/** The preview link's data for client navigation: whoever has the token reads the saved post, never cached. */
export function postPreviewRoutes(previews: PostPreviewService) {
  return new Elysia({ name: 'post-previews' }).get(
    '/api/blog/preview/:token',
    async ({ params, set, status }) => {
      Object.assign(set.headers, PREVIEW_RESPONSE_HEADERS)
      return (await previews.byToken(params.token)) ?? status(404, { error: 'Post not found' })
    },
    { params: t.Object({ token: t.String({ maxLength: 100 }) }) },
  )
}
