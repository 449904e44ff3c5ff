import { expect, test } from 'bun:test'
import { createProcessingQueue, ProcessingBusyError } from './processing-queue'

const options = { concurrency: 2, queue: 2, maxWaitMs: 50, retryAfterSeconds: 5, timeLimitSeconds: 1 }

/** A job the test finishes when it chooses, noting when it started. */
function job(name: string, log: string[]) {
  let finish!: () => void
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return {
    finish: () => finish(),
    work: async () => {
      log.push(name)
      await done
      return name
    },
  }
}

test('at most `concurrency` run at once; the rest wait in order of arrival, and past the line are refused at once', async () => {
  const queue = createProcessingQueue({ ...options, maxWaitMs: 10_000 })
  const log: string[] = []
  const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => job(name, log))
  const results = jobs.slice(0, 4).map((j) => queue.run(j.work))
  await Bun.sleep(0)
  expect(log).toEqual(['a', 'b'])
  expect(queue.stats()).toMatchObject({ running: 2, waiting: 2 })
  await expect(queue.run(async () => 'refused')).rejects.toBeInstanceOf(ProcessingBusyError)

  // The turn a finished job gives back goes to the first in line; a newcomer takes its place at the back.
  jobs[1]!.finish()
  await Bun.sleep(0)
  results.push(queue.run(jobs[4]!.work))
  expect(log).toEqual(['a', 'b', 'c'])
  for (const j of jobs) j.finish()
  expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e'])
  expect(log).toEqual(['a', 'b', 'c', 'd', 'e'])
  expect(queue.stats()).toEqual({ running: 0, waiting: 0, peak: 2, started: 5, refused: 1 })
})

test('an upload that waits longer than the limit allows is refused and leaves the line', async () => {
  const queue = createProcessingQueue({ ...options, concurrency: 1 })
  const log: string[] = []
  const holder = job('holder', log)
  const held = queue.run(holder.work)
  const started = performance.now()
  await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(ProcessingBusyError)
  expect(performance.now() - started).toBeGreaterThanOrEqual(options.maxWaitMs - 5)
  expect(queue.stats()).toMatchObject({ running: 1, waiting: 0, refused: 1 })
  holder.finish()
  await held
  expect(await queue.run(async () => 'next')).toBe('next')
})

test('a job that fails gives its turn back', async () => {
  const queue = createProcessingQueue({ ...options, concurrency: 1 })
  await expect(
    queue.run(async () => {
      throw new Error('broken image')
    }),
  ).rejects.toThrow('broken image')
  expect(await queue.run(async () => 'after')).toBe('after')
  expect(queue.stats()).toMatchObject({ running: 0, started: 2 })
})
