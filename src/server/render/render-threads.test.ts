import { expect, test } from 'bun:test'
import { loadAssetManifest } from './assets'
import { type RenderThreadStart, startRenderThreads } from './render-threads'

const DYING_THREAD = new URL('../../../tests/support/dying-render-thread.ts', import.meta.url)

const start: RenderThreadStart = {
  database: { url: 'file::memory:' },
  clockOffsetMs: 0,
  siteUrl: undefined,
  logLevel: 'error',
  assets: loadAssetManifest(),
  retentionDays: 30,
  previewerGate: { configured: false, digest: null, hint: null },
}

test('a thread that stops fails its renders, is reported, and is replaced at once (it had started)', async () => {
  const failures: string[] = []
  const threads = startRenderThreads(1, start, {
    script: DYING_THREAD,
    timeoutMs: 10_000,
    onFailure: (reason) => failures.push(reason),
  })
  try {
    const page = new Request('http://localhost/blog')
    expect(await threads.render(page, Date.now(), null)?.then((res) => res.text())).toBe('from the thread')
    // The thread dies during this render: the caller hears so (and renders the page itself).
    await expect(threads.render(page, Date.now(), null)).rejects.toThrow('render thread stopped')
    await Bun.sleep(100)
    expect(failures).toEqual(['render thread stopped'])
    expect(threads.stats()).toEqual({ threads: 1, rendered: 1, failed: 1 })
    expect(await threads.render(page, Date.now(), null)?.then((res) => res.text())).toBe('from the thread')
  } finally {
    threads.close()
  }
})

test('a render that takes too long stops its thread, which is replaced', async () => {
  const failures: string[] = []
  const threads = startRenderThreads(1, start, {
    script: DYING_THREAD,
    timeoutMs: 200,
    onFailure: (reason) => failures.push(reason),
  })
  try {
    await expect(threads.render(new Request('http://localhost/stuck'), Date.now(), null)).rejects.toThrow(
      'render thread took over 200 ms',
    )
    await Bun.sleep(100)
    expect(failures).toEqual(['render thread took over 200 ms'])
    // It had started: replaced at once.
    expect(threads.stats()).toEqual({ threads: 1, rendered: 0, failed: 1 })
    const page = await threads.render(new Request('http://localhost/blog'), Date.now(), null)
    expect(await page?.text()).toBe('from the thread')
  } finally {
    threads.close()
  }
})

test('a thread that cannot open its database says why, and is tried again later, not at once', async () => {
  const failures: string[] = []
  const restarts: { restart: () => void; delayMs: number }[] = []
  const threads = startRenderThreads(
    1,
    { ...start, database: { url: 'file:/proc/no-such-folder/site.db' } },
    {
      script: new URL('../render-thread.ts', import.meta.url),
      timeoutMs: 10_000,
      onFailure: (reason) => failures.push(reason),
      restartAfter: (restart, delayMs) => restarts.push({ restart, delayMs }),
    },
  )
  const failed = async (count: number) => {
    for (let waited = 0; failures.length < count && waited < 5000; waited += 20) await Bun.sleep(20)
  }
  try {
    await failed(1)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toStartWith('render thread could not start: ')
    expect(failures[0]).toContain('/proc/no-such-folder')
    // No thread meanwhile: pages render on the main thread.
    expect(threads.render(new Request('http://localhost/blog'), Date.now(), null)).toBeNull()
    // Tried again a second later, not at once; then two seconds after that second failure.
    expect(restarts.map((restart) => restart.delayMs)).toEqual([1000])
    restarts[0]!.restart()
    await failed(2)
    expect(failures).toHaveLength(2)
    expect(restarts.map((restart) => restart.delayMs)).toEqual([1000, 2000])
  } finally {
    threads.close()
  }
})

test('a thread that never says it started is stopped after the time limit, so what waits for it goes on', async () => {
  const failures: string[] = []
  const threads = startRenderThreads(1, start, {
    script: new URL('../../../tests/support/silent-render-thread.ts', import.meta.url),
    timeoutMs: 10_000,
    startWithinMs: 200,
    onFailure: (reason) => failures.push(reason),
    restartAfter: () => {},
  })
  try {
    await threads.settled()
    expect(failures).toEqual(['render thread did not start within 200 ms'])
    expect(threads.stats().threads).toBe(0)
  } finally {
    threads.close()
  }
})
