import { Elysia } from 'elysia'
import { SETUP_API, type SetupState } from '../../../shared/first-run'
import { SAMPLE_CONTENT_API, SAMPLE_CONTENT_MESSAGES, totalOf } from '../../../shared/sample-content'
import type { FeatureDeps } from '../../app-deps'
import { finishSetup, setupPending } from '../../db/first-run'
import { createSampleContent } from './sample-content'

/**
 * The owner's "Remove sample content": `GET /api/admin/sample-content` lists what a fresh install started with
 * and nobody has touched, `POST …/remove` removes exactly that, in one write, audited. And the first-run setup
 * that offers it: `GET /api/admin/setup` says whether it is still to do, `POST …/done` ends it.
 */
export function sampleContentRoutes({ db, content, session, record }: FeatureDeps) {
  const samples = createSampleContent(db, content)
  return new Elysia({ name: 'sample-content' })
    .use(session)
    .get(SAMPLE_CONTENT_API, () => samples.list(), { staff: 'site.settings' })
    .post(
      `${SAMPLE_CONTENT_API}/remove`,
      async ({ request }) => {
        const removed = await samples.remove()
        if (totalOf(removed) > 0)
          await record(request, 'sample_content.removed', SAMPLE_CONTENT_MESSAGES.removed(removed))
        return { removed }
      },
      { staff: 'site.settings', parse: 'none' },
    )
    .get(SETUP_API, async (): Promise<SetupState> => ({ pending: await setupPending(db) }), { staff: 'site.settings' })
    .post(
      `${SETUP_API}/done`,
      async ({ request }): Promise<SetupState> => {
        if (await finishSetup(db)) await record(request, 'setup.finished', 'First-run setup')
        return { pending: false }
      },
      { staff: 'site.settings', parse: 'none' },
    )
}
