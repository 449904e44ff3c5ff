import { expect, test } from 'bun:test'
import { createFeedCache } from './feed-cache'

const MIDNIGHT = Date.UTC(2030, 2, 11)
/** Long enough to be offered compressed (compression.ts). */
const FEED = {
  body: `<rss version="2.0"><channel><title>Blog</title>${'<item><title>A post</title></item>'.repeat(100)}</channel></rss>`,
  type: 'application/rss+xml',
}

/** A content version that never changes and is always known, due again at `nextDue` (never, unless given). */
function steadyVersion(nextDue = Number.POSITIVE_INFINITY) {
  return { current: async () => 'v1', known: () => 'v1', nextDue: () => nextDue }
}

const request = (headers: Record<string, string> = {}) => new Request('http://localhost/rss.xml', { headers })
const make = async () => FEED

test('a feed names the keys a proxy purges it by, in both header forms', async () => {
  const feeds = createFeedCache(steadyVersion(), {}, { clock: () => MIDNIGHT - 12 * 3600_000 })
  const answer = (await feeds.serve(request(), 'rss|localhost', make))!
  expect(answer.status).toBe(200)
  expect(answer.headers.get('surrogate-key')).toBe('feeds site')
  expect(answer.headers.get('cache-tag')).toBe('feeds,site')
  expect(await answer.text()).toBe(FEED.body)
})

test('a feed lets readers keep it five minutes and a proxy until midnight UTC when that comes first', async () => {
  const feeds = createFeedCache(steadyVersion(), {}, { clock: () => MIDNIGHT - 10 * 60_000 })
  const answer = (await feeds.serve(request(), 'rss|localhost', make))!
  expect(answer.headers.get('cache-control')).toBe(
    'public, max-age=300, s-maxage=600, stale-while-revalidate=30, stale-if-error=86400',
  )
})

test('a feed kept and answered again counts its proxy lifetime down to the next scheduled post', async () => {
  let now = MIDNIGHT - 12 * 3600_000
  const feeds = createFeedCache(steadyVersion(now + 1200_000), {}, { clock: () => now, staleHours: 2 })
  const first = (await feeds.serve(request(), 'rss|localhost', make))!
  expect(first.headers.get('cache-control')).toContain('max-age=300, s-maxage=1200,')
  expect(first.headers.get('cache-control')).toContain('stale-if-error=7200')
  now += 200_000
  let built = 0
  const again = (await feeds.serve(request(), 'rss|localhost', async () => {
    built++
    return FEED
  }))!
  expect(built).toBe(0)
  expect(again.headers.get('cache-control')).toContain('max-age=300, s-maxage=1000,')
  expect(again.headers.get('surrogate-key')).toBe('feeds site')
})

test('a feed answered at the front door, brotli-coded or revalidated, carries the same proxy headers', async () => {
  const feeds = createFeedCache(steadyVersion(), {}, { clock: () => MIDNIGHT - 5 * 60_000 })
  const first = (await feeds.serve(request(), 'rss|localhost', make))!
  const answers = [
    feeds.peek(request(), 'rss|localhost')!,
    feeds.peek(request({ 'accept-encoding': 'br' }), 'rss|localhost')!,
    feeds.peek(request({ 'if-none-match': first.headers.get('etag')! }), 'rss|localhost')!,
  ]
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 304])
  expect(answers[1]!.headers.get('content-encoding')).toBe('br')
  for (const answer of answers) {
    expect(answer.headers.get('surrogate-key')).toBe('feeds site')
    expect(answer.headers.get('cache-tag')).toBe('feeds,site')
    expect(answer.headers.get('cache-control')).toContain('public, max-age=300, s-maxage=300,')
  }
})
