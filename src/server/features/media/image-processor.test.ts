import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { handmadeGif, png } from '../../../../tests/support/images'
import { ProcessingBusyError } from '../../tasks/processing-queue'
import { createImageProcessor } from './image-processor'
import { ImageError } from './processed-image'

const turns = { run: <T>(work: () => Promise<T>) => work(), timeLimitSeconds: 20 }

test('images are made in a process of their own, which ends once uploads stop; the next one starts another', async () => {
  const processor = createImageProcessor({ idleMs: 0 })
  expect(processor.stats().pid).toBeNull()
  const image = await processor.process(await png(900, 600), 'PNG', turns)
  expect(image.files.map((file) => file.suffix)).toEqual(['480', '800', '900', 'share'])
  expect(Buffer.isBuffer(image.files[0]!.bytes)).toBe(true)
  const { pid, exited } = processor.stats()
  expect(pid).not.toBeNull()
  expect(pid).not.toBe(process.pid)
  // Ended (its memory with it) once it has nothing to do.
  await exited
  expect(processor.stats().pid).toBeNull()

  await processor.process(await png(500, 400), 'PNG', turns)
  expect(processor.stats().started).toBe(2)
  expect(processor.stats().pid).not.toBe(pid)
  await processor.stats().exited
})

test("a refusal made in the process is the server's ImageError", async () => {
  const processor = createImageProcessor({ idleMs: 0 })
  const refused = processor.process(handmadeGif(1000, 1000, 90, 'pixel'), 'GIF', turns)
  await expect(refused).rejects.toBeInstanceOf(ImageError)
  await expect(refused).rejects.toMatchObject({ reason: 'tooManyFrames' })
  await processor.stats().exited
})

test('a process that dies fails its images as busy (to be sent again), and the next image starts a new one', async () => {
  const processor = createImageProcessor({ idleMs: 0 })
  const dying = processor.process(handmadeGif(400, 400, 100, 'noise'), 'GIF', turns)
  process.kill(processor.stats().pid!, 'SIGKILL')
  await expect(dying).rejects.toBeInstanceOf(ProcessingBusyError)
  expect((await processor.process(await png(500, 400), 'PNG', turns)).width).toBe(500)
  await processor.stats().exited
})

test('the server never loads sharp: only the image process does', () => {
  const loaded = Bun.spawnSync(
    [
      process.execPath,
      '-e',
      "await import('./src/server/app.ts'); console.log(Object.keys(require.cache).filter((path) => /node_modules\\/(sharp|@img)\\//.test(path)).length)",
    ],
    { cwd: join(import.meta.dir, '..', '..', '..', '..') },
  )
  expect(loaded.stderr.toString()).toBe('')
  expect(loaded.stdout.toString().trim()).toBe('0')
})
