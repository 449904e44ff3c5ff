import { afterAll, beforeAll, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { freePort } from '../support/free-port'
import { retitled } from '../support/post-edit'
import { type RunningVarnish, startVarnish } from '../support/varnish'
import { type RunningServer, startServer } from './support/server'

/*
 * A real Varnish running the shipped deploy/varnish/default.vcl in front of two app processes on one
 * database, with the apps' default settings (TRUST_PROXY trusts the proxy on this machine) and PURGE_URLS
 * naming the proxy.
 */
const PASSWORD = 'caching-proxy-owner-password'
const METRICS_TOKEN = 'caching-proxy-metrics-token'
const PURGE_TOKEN = 'caching-proxy-purge-token'
let apps: RunningServer[] = []
let varnish: RunningVarnish | undefined

beforeAll(async () => {
  // The proxy's port is chosen first: the apps purge it.
  const port = freePort()
  const env = { ADMIN_PASSWORD: PASSWORD, METRICS_TOKEN, PURGE_URLS: `http://127.0.0.1:${port}`, PURGE_TOKEN }
  apps = [await startServer(env)]
  apps.push(await startServer({ ...env, DATABASE_URL: apps[0]!.databaseUrl }))
  varnish = await startVarnish(
    apps.map((app) => ({ host: '127.0.0.1', port: Number(new URL(app.url).port) })),
    { port, purgeToken: PURGE_TOKEN },
  )
}, 120_000)

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await varnish?.stop()
})

/** A request through the proxy from a loopback address of the test's choosing: a visitor of its own. */
function visit(
  path: string,
  { from = '127.0.0.1', method = 'GET', headers = {}, body = '' } = {} as {
    from?: string
    method?: string
    headers?: Record<string, string>
    body?: string
  },
): Promise<{ status: number; headers: Headers; body: string }> {
  const { port } = new URL(varnish!.url)
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
  ]
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress: from }, () =>
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`),
    )
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = raw.split('\r\n\r\n')
      const [statusLine = '', ...fields] = head.split('\r\n')
      const headers = new Headers()
      for (const field of fields) {
        const at = field.indexOf(':')
        headers.append(field.slice(0, at), field.slice(at + 1).trim())
      }
      let text = rest.join('\r\n\r\n')
      // Varnish sends bodies chunked or with a length; the test reads the text either way.
      if (headers.get('transfer-encoding') === 'chunked') text = unchunk(text)
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text })
    })
  })
}

function unchunk(text: string): string {
  let out = ''
  let rest = text
  for (;;) {
    const end = rest.indexOf('\r\n')
    const size = Number.parseInt(rest.slice(0, end), 16)
    if (!size) return out
    out += rest.slice(end + 2, end + 2 + size)
    rest = rest.slice(end + 2 + size + 2)
  }
}

const cached = async (path: string) => (await visit(path)).headers.get('x-cache')
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1]
const json = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  origin: varnish!.url,
  ...extra,
})

async function signIn(): Promise<string> {
  const res = await fetch(`${apps[0]!.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: apps[0]!.url },
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/** Page-cache hits and misses one app has counted (its /metrics). */
async function pageCacheCounts(app: RunningServer) {
  const text = await (
    await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text()
  const count = (outcome: string) =>
    Number(new RegExp(`site_page_cache_requests_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0)
  return { hit: count('hit'), miss: count('miss') }
}

interface PostRow {
  id: number
  slug: string
  title: string
  status: string
}

test('a publish reaches the page Varnish keeps within a second; pages that do not show the post stay hits', async () => {
  const cookie = await signIn()
  const list = (await (
    await fetch(`${apps[0]!.url}/api/blog/admin-summary`, { headers: { cookie } })
  ).json()) as PostRow[]
  const published = list.filter((post) => post.status === 'published')
  const edited = published[0]!
  // A post whose page does not show the edited one (its related posts), by the keys the page carries.
  const keysOf = async (slug: string) =>
    (await fetch(`${apps[0]!.url}/blog/${slug}`)).headers.get('surrogate-key') ?? ''
  let unrelated: PostRow | undefined
  for (const post of published.slice(1))
    if (!(await keysOf(post.slug)).split(' ').includes(`post-${edited.id}`)) {
      unrelated = post
      break
    }
  const pages = [`/blog/${edited.slug}`, `/blog/${unrelated!.slug}`, '/jobs', '/rdc25']
  for (const path of pages) await visit(path)
  for (const path of pages) expect([path, await cached(path)]).toEqual([path, 'HIT'])

  const full = (await (await fetch(`${apps[0]!.url}/api/blog/${edited.id}`, { headers: { cookie } })).json()) as Record<
    string,
    unknown
  >
  const saved = await fetch(`${apps[0]!.url}/api/blog/${edited.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: apps[0]!.url, cookie },
    body: JSON.stringify(retitled(full, 'Seen Through the Proxy')),
  })
  expect(saved.status).toBe(200)
  const savedAt = performance.now()
  let seen = ''
  while (performance.now() - savedAt < 1000) {
    seen = titleOf((await visit(`/blog/${edited.slug}`)).body) ?? ''
    if (seen.startsWith('Seen Through the Proxy')) break
    await Bun.sleep(20)
  }
  expect(seen).toBe('Seen Through the Proxy | Blog')
  for (const path of pages.slice(1)) expect([path, await cached(path)]).toEqual([path, 'HIT'])
  // Once every process has seen the change (a second), the purge is sent again: the page is still the new one.
  await Bun.sleep(2000)
  expect(titleOf((await visit(`/blog/${edited.slug}`)).body)).toBe('Seen Through the Proxy | Blog')
})

test('an admin save leaves unrelated pages in an app’s own page cache: hits before and after, by its metrics', async () => {
  const app = apps[1]!
  await fetch(`${app.url}/jobs`)
  const before = await pageCacheCounts(app)
  await fetch(`${app.url}/jobs`)
  const cookie = await signIn()
  const created = await fetch(`${apps[0]!.url}/api/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: apps[0]!.url, cookie },
    body: JSON.stringify({ title: 'Not About Jobs', content: '<p>Words.</p>', status: 'published' }),
  })
  expect(created.status).toBe(201)
  await Bun.sleep(1100)
  await fetch(`${app.url}/jobs`)
  const after = await pageCacheCounts(app)
  expect(after.hit - before.hit).toBe(2)
  expect(after.miss - before.miss).toBe(0)
})

test('with the proxy’s default settings, 20 visitors can each apply, and wrong passwords lock only their sender', async () => {
  const job = ((await (await fetch(`${apps[0]!.url}/api/jobs`)).json()) as { id: number }[])[0]!
  for (let i = 1; i <= 20; i++) {
    const res = await visit('/api/job-applications', {
      from: `127.0.0.${10 + i}`,
      method: 'POST',
      headers: json(),
      body: JSON.stringify({
        jobId: job.id,
        fullName: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        coverLetter: 'Hello.',
        resumeText: 'CV.',
      }),
    })
    expect([i, res.status]).toEqual([i, 201])
  }
  const login = (from: string, password: string) =>
    visit('/api/admin/login', { from, method: 'POST', headers: json(), body: JSON.stringify({ password }) })
  for (let i = 0; i < 5; i++) expect((await login('127.0.0.99', `guess ${i}`)).status).toBe(401)
  expect((await login('127.0.0.99', 'guess 5')).status).toBe(429)
  expect((await login('127.0.0.98', PASSWORD)).status).toBe(200)
})

test('the proxy keeps no API answer, takes a purge only with the token, and shows visitors no keys', async () => {
  for (let i = 0; i < 2; i++) expect((await visit('/api/blog')).headers.get('x-cache')).toBe('MISS')
  await visit('/jobs')
  const page = await visit('/jobs')
  expect(page.headers.get('x-cache')).toBe('HIT')
  expect(page.headers.get('surrogate-key')).toBeNull()
  expect(page.headers.get('cache-tag')).toBeNull()
  const purge = (headers: Record<string, string>) => visit('/', { method: 'PURGE', headers })
  expect((await purge({ 'surrogate-key': 'jobs' })).status).toBe(403)
  expect((await purge({ 'surrogate-key': 'jobs', 'purge-token': 'a guess at the token' })).status).toBe(403)
  expect(await cached('/jobs')).toBe('HIT')
  expect((await purge({ 'surrogate-key': 'jobs', 'purge-token': PURGE_TOKEN })).status).toBe(200)
  expect(await cached('/jobs')).toBe('MISS')
})

test('Varnish keeps serving the pages it holds while both apps are stopped', async () => {
  const pages = ['/jobs', '/rdc25', '/']
  for (const path of pages) await visit(path)
  await Promise.all(apps.map((app) => app.stop()))
  for (const path of pages) {
    const res = await visit(path)
    expect([path, res.status, res.headers.get('x-cache')]).toEqual([path, 200, 'HIT'])
  }
})
