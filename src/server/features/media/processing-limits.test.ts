import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import sharp from 'sharp'
import { adminClient } from '../../../../tests/support/admin-client'
import { cameraJpeg, handmadeGif, png, uploadForm } from '../../../../tests/support/images'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { MediaUpload } from '../../../shared/media'
import { adminSessionPlugin } from '../../auth/admin-session'
import { createSessionStore } from '../../auth/sessions'
import { createContentVersion } from '../../cache/content-version'
import {
  createProcessingQueue,
  DEFAULT_PROCESSING_QUEUE,
  type ProcessingQueue,
  type ProcessingQueueOptions,
} from '../../tasks/processing-queue'
import { mediaRoutes } from './routes'
import { createMediaService } from './service'

const NOW = Date.UTC(2030, 5, 1, 12)
let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp({ now: NOW })
  const admin = adminClient(t)
  await admin.login()
  cookie = admin.cookie
})
afterAll(() => t.close())

/**
 * The media routes on the test app's database, with a processing queue of their own to watch and to hold,
 * noting when the last turn began.
 */
function mediaSite(options: Partial<ProcessingQueueOptions> = {}) {
  const queue = createProcessingQueue({ ...DEFAULT_PROCESSING_QUEUE, ...options })
  let turnStarted = 0
  const processing: ProcessingQueue = {
    ...queue,
    run: (work) =>
      queue.run(() => {
        turnStarted = performance.now()
        return work()
      }),
  }
  const service = createMediaService(t.db, { content: createContentVersion(t.db, () => NOW), processing })
  const session = adminSessionPlugin(
    createSessionStore(t.db, () => NOW),
    { secureCookies: false, signedInOf: new WeakMap() },
  )
  const app = new Elysia().use(mediaRoutes(service, session, {}))
  const upload = (bytes: Uint8Array, name: string) =>
    app.handle(
      new Request('http://localhost/api/media', {
        method: 'POST',
        headers: { origin: 'http://localhost', cookie },
        body: uploadForm(new Uint8Array(bytes), name),
      }),
    )
  return { queue, upload, turnStarted: () => turnStarted }
}

/** Waits until the queue says so: the uploads' bodies are read and their headers checked before they queue. */
async function until(condition: () => boolean) {
  while (!condition()) await Bun.sleep(1)
}

describe('the frames × pixels bound', () => {
  test('90 frames of 1000 × 1000 in 3 KB are refused from the headers: never queued, never decoded', async () => {
    const { queue, upload } = mediaSite()
    for (const [gif, name] of [
      [handmadeGif(1000, 1000, 90, 'pixel'), 'long.gif'],
      [handmadeGif(10, 10, 1001, 'pixel'), 'many-frames.gif'],
    ] as const) {
      const started = performance.now()
      const res = await upload(gif, name)
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe(
        'The animation is too large to process: at most 1000 frames and 25 megapixels in all its frames together (100 frames of 500 × 500, say).',
      )
      // Processing the first took 1.6 s (5 s for the same animation drawn by sharp); reading headers, milliseconds
      // (a bound of a few times that, so a busy machine does not fail it; never queued is checked below).
      expect(performance.now() - started).toBeLessThan(1500)
    }
    expect(queue.stats().started).toBe(0)
  })

  test('an animation at the bound is processed and stays animated; a 24-megapixel phone photo passes', async () => {
    const { queue, upload } = mediaSite()
    const res = await upload(handmadeGif(500, 500, 100, 'pixel'), 'at-the-bound.gif')
    expect(res.status).toBe(201)
    const animation = (await res.json()) as MediaUpload
    expect([animation.width, animation.height]).toEqual([500, 500])
    const file = await t.request(animation.url)
    expect((await sharp(Buffer.from(await file.arrayBuffer()), { animated: true }).metadata()).pages).toBe(100)

    const photo = await upload(await cameraJpeg({ width: 6000, height: 4000 }), 'IMG_0024.jpg')
    expect(photo.status).toBe(201)
    expect(((await photo.json()) as MediaUpload).variants.map((v) => v.width)).toEqual([480, 800, 1200, 1920])
    expect(queue.stats().started).toBe(2)
  })
})

describe('the processing queue', () => {
  test('five uploads at once with a cap of one: processed one at a time, all stored', async () => {
    const { queue, upload } = mediaSite({ concurrency: 1, queue: 8 })
    const images = await Promise.all([1, 2, 3, 4, 5].map((n) => png(1200 + n, 900)))
    const answers = await Promise.all(images.map((bytes, n) => upload(bytes, `photo-${n}.png`)))
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201])
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, peak: 1, started: 5, refused: 0 })
  })

  test('past the line an upload is answered 503 with Retry-After; the one in line is processed when its turn comes', async () => {
    const { queue, upload } = mediaSite({ concurrency: 1, queue: 1, retryAfterSeconds: 7 })
    let release!: () => void
    const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)))
    const waiting = upload(await png(410, 300), 'waiting.png')
    await until(() => queue.stats().waiting === 1)

    const image = await png(420, 300)
    const started = performance.now()
    const refused = await upload(image, 'refused.png')
    expect(refused.status).toBe(503)
    // At once, not after the wait.
    expect(performance.now() - started).toBeLessThan(DEFAULT_PROCESSING_QUEUE.maxWaitMs / 4)
    expect(refused.headers.get('retry-after')).toBe('7')
    expect((await refused.json()).error).toBe('Other images are being processed right now; try again in a moment.')

    release()
    await held
    expect((await waiting).status).toBe(201)
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, peak: 1, refused: 1 })
  })

  test('an upload that finds no turn within the wait is answered 503', async () => {
    const { queue, upload } = mediaSite({ concurrency: 1, maxWaitMs: 50 })
    let release!: () => void
    const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)))
    const res = await upload(await png(430, 300), 'late.png')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe(String(DEFAULT_PROCESSING_QUEUE.retryAfterSeconds))
    release()
    await held
  })

  test('an image that takes longer than the time limit is stopped, refused, and gives its turn back', async () => {
    const { queue, upload, turnStarted } = mediaSite({ concurrency: 1, timeLimitSeconds: 1 })
    // 100 frames of noise in one step (one width): within the bounds, about 3.5 s of work here (16 MB).
    const res = await upload(handmadeGif(400, 400, 100, 'noise'), 'noise.gif')
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('The image took too long to process; try a smaller one.')
    // Stopped within the step under way at the limit (1.0 s here); refused only after the step, 3.7 s.
    expect(performance.now() - turnStarted()).toBeLessThan(2500)
    expect((await upload(await png(440, 300), 'after.png')).status).toBe(201)
    expect(queue.stats()).toMatchObject({ running: 0, started: 2 })
  })
})
