import { expect, test } from 'bun:test'
import { eventually } from '../../../tests/support/eventually'
import type { AppData } from '../../app/data/app-data'
import type { PostSummary, SearchResult } from '../../shared/blog'
import { loadAssetManifest } from './assets'
import { busyResponse, createRenderLimit } from './render-limit'
import { createPageRenderer } from './render-page'

const options = { concurrency: 2, queue: 1, maxWaitMs: 50, retryAfterSeconds: 3, sliceMs: 0 }

test('renders past the limit wait in line for a turn handed back, and those past the line are refused at once', async () => {
  const limit = createRenderLimit(options)
  const first = await limit.acquire()
  const second = await limit.acquire()
  expect([first, second].every(Boolean)).toBe(true)
  const third = limit.acquire()
  expect(await limit.acquire()).toBeNull()
  expect(limit.stats()).toEqual({ running: 2, waiting: 1, refused: 1 })
  first!()
  first!()
  const turn = await third
  expect(turn).toBeFunction()
  expect(limit.stats()).toEqual({ running: 2, waiting: 0, refused: 1 })
  turn!()
  second!()
  expect(limit.stats().running).toBe(0)
})

test('a render that waits longer than the limit allows is refused, and leaves the line', async () => {
  const limit = createRenderLimit(options)
  const turns = [await limit.acquire(), await limit.acquire()]
  const started = performance.now()
  expect(await limit.acquire()).toBeNull()
  expect(performance.now() - started).toBeGreaterThanOrEqual(45)
  expect(limit.stats()).toEqual({ running: 2, waiting: 0, refused: 1 })
  for (const done of turns) done!()
  expect(await limit.acquire()).toBeFunction()
})

test('renders in line run back to back only within a slice, then start from the event loop', async () => {
  // Loaders on the embedded database answer without I/O: handing every turn over in a microtask would run
  // all queued renders in one go, and /healthz, timers and new connections would wait for all of them.
  const handover = async (sliceMs: number) => {
    const limit = createRenderLimit({ ...options, concurrency: 1, sliceMs })
    const first = await limit.acquire()
    let started = false
    const second = limit.acquire().then((turn) => {
      started = true
      return turn
    })
    first!()
    for (let i = 0; i < 50; i++) await Promise.resolve()
    const inMicrotasks = started
    ;(await second)!()
    return inMicrotasks
  }
  expect(await handover(0)).toBe(false)
  expect(await handover(60_000)).toBe(true)
})

test('the refusal is a small 503 with Retry-After, HTML for browsers and JSON for API clients', async () => {
  const page = busyResponse(new Request('http://localhost/blog', { headers: { accept: 'text/html,*/*' } }), 3)
  expect([page.status, page.headers.get('retry-after'), page.headers.get('cache-control')]).toEqual([
    503,
    '3',
    'no-store',
  ])
  expect(page.headers.get('content-type')).toStartWith('text/html')
  expect(await page.text()).toContain('try again')
  const json = busyResponse(new Request('http://localhost/blog', { headers: { accept: 'application/json' } }), 3)
  expect(json.headers.get('content-type')).toStartWith('application/json')
  expect(await json.json()).toEqual({ error: expect.stringContaining('try again') })
})

function heldData() {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const data = {
    blog: {
      list: async () => ({ posts: [], meta: { total: 0, page: 1, limit: 6, totalPages: 1 } }),
      featured: async (): Promise<PostSummary[]> => [],
      search: async (): Promise<SearchResult> => {
        await held
        return { posts: [], total: 0, totalIsAtLeast: false }
      },
    },
    careers: { jobs: async () => [] },
    event: { promoted: async () => [] },
  } as unknown as AppData
  return { data, release }
}

const renderer = (data: AppData) =>
  createPageRenderer({
    assets: loadAssetManifest(),
    data: () => data,
    origin: () => 'http://localhost',
    onRenderError: () => {},
    limit: createRenderLimit({ concurrency: 1, queue: 0, maxWaitMs: 10, retryAfterSeconds: 2, sliceMs: 0 }),
  })

test('while the renders allowed are running, the next page is answered 503 at once', async () => {
  const { data, release } = heldData()
  const renderPage = renderer(data)
  const held = renderPage({ request: new Request('http://localhost/blog?q=held'), now: Date.now(), complete: true })
  await Bun.sleep(5)
  const refused = await renderPage({ request: new Request('http://localhost/'), now: Date.now() })
  expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '2'])
  release()
  expect((await held).status).toBe(200)
  expect((await renderPage({ request: new Request('http://localhost/'), now: Date.now() })).status).toBe(200)
})

test('a render gives its turn back when React has finished the document, whether or not the client reads it', async () => {
  const renderPage = renderer(heldData().data)
  // A browser's request, answered as a stream (a request without a user agent gets the whole document at once).
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' }
  const unread = await renderPage({
    request: new Request('http://localhost/blog', { headers: browser }),
    now: Date.now(),
  })
  expect(unread.status).toBe(200)
  // The turn comes back a moment after the answer, once React has finished: until then the next is refused (503).
  let next: Response | null = null
  await eventually(async () => {
    next = await renderPage({ request: new Request('http://localhost/jobs'), now: Date.now() })
    return next.status === 200
  }, 2000)
  expect(next!.status).toBe(200)
  await Promise.all([unread.body?.cancel(), next!.text()])
})

test('a render that throws gives its turn back', async () => {
  let calls = 0
  const renderPage = createPageRenderer({
    assets: loadAssetManifest(),
    data: () => {
      if (++calls === 1) throw new Error('no data for this one')
      return heldData().data
    },
    origin: () => 'http://localhost',
    onRenderError: () => {},
    limit: createRenderLimit({ concurrency: 1, queue: 0, maxWaitMs: 10, retryAfterSeconds: 2, sliceMs: 0 }),
  })
  await expect(renderPage({ request: new Request('http://localhost/blog'), now: Date.now() })).rejects.toThrow(
    'no data',
  )
  const next = await renderPage({ request: new Request('http://localhost/jobs'), now: Date.now() })
  expect(next.status).toBe(200)
  await next.text()
})

test('a priority render (the signed-in administrator) is never refused for a full line and goes first', async () => {
  const limit = createRenderLimit({ ...options, maxWaitMs: 1000 })
  const running = [await limit.acquire(), await limit.acquire()]
  const queued = limit.acquire()
  expect(await limit.acquire()).toBeNull()
  const admin = limit.acquire({ priority: true })
  expect(limit.stats().waiting).toBe(2)
  running[0]!()
  const adminTurn = await admin
  expect(adminTurn).toBeFunction()
  expect(limit.stats().waiting).toBe(1)
  adminTurn!()
  running[1]!()
  ;(await queued)!()
})

test('clients take turns in the line: a visitor waits for one render per client, not for a flood', async () => {
  const limit = createRenderLimit({ ...options, concurrency: 1, queue: 10, maxWaitMs: 1000 })
  const order: string[] = []
  const take = (client: string, name: string) =>
    limit.acquire({ client }).then((turn) => {
      order.push(name)
      turn?.()
    })
  const running = await limit.acquire({ client: 'flood' })
  const waits = [1, 2, 3, 4].map((n) => take('flood', `flood ${n}`))
  waits.push(take('visitor', 'visitor'))
  running!()
  await Promise.all(waits)
  expect(order).toEqual(['flood 1', 'visitor', 'flood 2', 'flood 3', 'flood 4'])
})

test('a full line makes room for another client by refusing the newest render of the longest line', async () => {
  const limit = createRenderLimit({ ...options, concurrency: 1, queue: 3, maxWaitMs: 1000 })
  const running = await limit.acquire({ client: 'flood' })
  const flood = [1, 2, 3].map(() => limit.acquire({ client: 'flood' }))
  // The flooding client's own next render finds the line full and is refused, as before.
  expect(await limit.acquire({ client: 'flood' })).toBeNull()
  // Each newcomer's place comes from the flood's newest render, refused at once.
  const visitor = limit.acquire({ client: 'visitor' })
  expect(await flood[2]).toBeNull()
  const other = limit.acquire({ client: 'other' })
  expect(await flood[1]).toBeNull()
  expect(limit.stats()).toEqual({ running: 1, waiting: 3, refused: 3 })
  // Every line is as short as the newcomer's would be: the newcomer is the one refused.
  expect(await limit.acquire({ client: 'late' })).toBeNull()
  running!()
  for (const waiting of [flood[0], visitor, other]) {
    const turn = await waiting
    expect(turn).toBeFunction()
    turn!()
  }
})
