import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../support/admin-client'
import { jobInput } from '../support/jobs'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * Generated requests against every /api endpoint, with and without a session. Passing means: no 5xx,
 * no request hangs, the server still answers /healthz, and the database is intact afterwards.
 * FUZZ_REQUESTS sets the count (default 10,000) and FUZZ_SEED the generator's seed.
 */
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 10_000)
let seed = Number(process.env.FUZZ_SEED ?? 20261122)
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const STRINGS = [
  '',
  ' ',
  'a',
  'Golf Cart',
  '<script>alert(1)</script>',
  '<p><br></p>',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '\u200B\u200B',
  '😀'.repeat(50),
  'ǅ'.repeat(10),
  'x'.repeat(70_000),
  'y'.repeat(3_000),
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'https://example.com/image.png',
  '/blog/golf-cart.webp',
  '2030-02-30',
  '2030-01-01',
  'published',
  'draft',
  'null',
  "'; DROP TABLE posts; --",
]
const VALUES: unknown[] = [
  ...STRINGS,
  0,
  -1,
  1,
  2 ** 53,
  1.5,
  Number.NaN,
  true,
  false,
  null,
  [],
  [1, 'a'],
  {},
  { nested: { deep: [1] } },
]
const FIELDS = [
  'title',
  'slug',
  'content',
  'excerpt',
  'featuredImage',
  'featured',
  'status',
  'publishedAt',
  'tags',
  'name',
  'password',
  'jobId',
  'jobTitle',
  'fullName',
  'email',
  'phone',
  'coverLetter',
  'resumeText',
  'githubUrl',
  'website',
  '__proto__',
  'constructor',
]
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']
/** Percent-encodes, or sends invalid UTF-8 where the string has a lone surrogate (itself a useful case). */
const enc = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}
const ID_PARTS = ['1', '2', '999999', '0', '-1', 'abc', '1.5', '..%2F..%2Fetc', '%00', '9'.repeat(30), '😀']
const PATHS = [
  () => '/api/blog',
  () => `/api/blog?page=${pick(ID_PARTS)}&limit=${pick(ID_PARTS)}`,
  () => '/api/blog/featured',
  () => `/api/blog/search?q=${enc(pick(STRINGS).slice(0, 200))}&limit=${pick(ID_PARTS)}`,
  () => `/api/blog/slug/${enc(pick(STRINGS).slice(0, 100))}`,
  () => `/api/blog/slug/${pick(ID_PARTS)}/related`,
  () => '/api/blog/admin-summary?_nocache',
  () => `/api/blog/${pick(ID_PARTS)}?_t=${Date.now()}`,
  () => '/api/tags',
  () => `/api/tags/${pick(ID_PARTS)}`,
  () => '/api/admin/check',
  () => '/api/admin/login',
  () => '/api/admin/logout',
  () =>
    `/api/admin/applications?jobId=${pick(ID_PARTS)}&status=${enc(pick(STRINGS).slice(0, 20))}&q=${enc(pick(STRINGS).slice(0, 120))}`,
  () => `/api/admin/applications.csv?q=${enc(pick(STRINGS).slice(0, 120))}`,
  () => `/api/admin/applications/${pick(ID_PARTS)}`,
  () => `/api/admin/applications/${pick(ID_PARTS)}/resume`,
  () => '/api/admin/mail',
  () => `/api/admin/mail/${pick(ID_PARTS)}/retry`,
  () => '/api/careers/privacy',
  () => '/api/job-applications',
  () => '/api/previewer/gate',
  () => '/api/jobs',
  () => `/api/jobs/${enc(pick(STRINGS).slice(0, 100))}`,
  () => '/api/admin/jobs',
  () => `/api/admin/jobs/${pick(ID_PARTS)}`,
  () => `/api/${pick(ID_PARTS)}/${pick(ID_PARTS)}`,
]

function randomBody(): { text?: string; type?: string } {
  const kind = random()
  if (kind < 0.1) return {}
  if (kind < 0.2)
    return {
      text: pick(['{', '{"a":', 'nul', '[1,2', '"str"', '42', '\u0000{}', '{"title": "\uD800"}']),
      type: 'application/json',
    }
  if (kind < 0.25)
    return {
      text: 'title=x&content=y',
      type: pick(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data']),
    }
  const object: Record<string, unknown> = {}
  const count = Math.floor(random() * 8)
  for (let i = 0; i < count; i++) object[pick(FIELDS)] = pick(VALUES)
  return { text: random() < 0.05 ? JSON.stringify([object]) : JSON.stringify(object), type: 'application/json' }
}

/** A valid payload with one or two fields replaced (or removed, or an extra one added). */
function mutated(valid: Record<string, unknown>): { text: string; type: string } {
  const object: Record<string, unknown> = { ...valid }
  const keys = Object.keys(valid)
  for (let i = 0; i < 1 + Math.floor(random() * 2); i++) {
    const roll = random()
    if (roll < 0.7) object[pick(keys)] = pick(VALUES)
    else if (roll < 0.85) delete object[pick(keys)]
    else object[pick(FIELDS)] = pick(VALUES)
  }
  return { text: JSON.stringify(object), type: 'application/json' }
}

const VALID_POST = {
  title: 'Fuzzed post',
  slug: '',
  content: '<p>Body</p>',
  excerpt: 'Short',
  featuredImage: '',
  featured: false,
  status: 'draft',
  publishedAt: '2030-01-01',
  tags: [1],
}
const VALID_JOB = jobInput({ salaryMin: 90000, salaryMax: 120000, validThrough: '2099-12-31' })
const VALID_APPLICATION = {
  jobId: 1,
  jobTitle: 'Job',
  fullName: 'Ada',
  email: 'ada@example.com',
  phone: '',
  location: '',
  portfolioUrl: '',
  linkedinUrl: '',
  githubUrl: '',
  experience: '',
  availability: '',
  coverLetter: 'Hi',
  resumeText: 'CV',
  website: '',
}

/** One generator per endpoint, taken in turn, so every endpoint gets its share of the requests. */
const REQUESTS: (() => { method: string; path: string; text?: string; type?: string })[] = [
  ...PATHS.map((path) => () => {
    const method = pick(METHODS)
    return { method, path: path(), ...(method === 'GET' || method === 'HEAD' ? {} : randomBody()) }
  }),
  () => ({ method: 'POST', path: '/api/blog', ...mutated(VALID_POST) }),
  () => ({ method: 'PUT', path: `/api/blog/${pick(['1', '2', '3', '99999'])}`, ...mutated(VALID_POST) }),
  () => ({ method: 'POST', path: '/api/tags', ...mutated({ name: pick(STRINGS).slice(0, 80), slug: '' }) }),
  () => ({ method: 'POST', path: '/api/job-applications', ...mutated(VALID_APPLICATION) }),
  () => ({ method: 'POST', path: '/api/admin/jobs', ...mutated({ ...VALID_JOB, slug: `fuzz-${random()}` }) }),
  () => ({ method: 'PUT', path: `/api/admin/jobs/${pick(['1', '3', '99999'])}`, ...mutated(VALID_JOB) }),
  () => ({ method: 'POST', path: '/api/admin/login', ...mutated({ password: 'wrong password' }) }),
]

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

test(`${COUNT} generated API requests: no 5xx, no hang, healthy afterwards`, async () => {
  const failures: string[] = []
  for (let i = 0; i < COUNT && failures.length < 5; i++) {
    const { method, path, text, type } = REQUESTS[i % REQUESTS.length]!()
    const headers: Record<string, string> = { origin: random() < 0.9 ? 'http://localhost' : 'https://evil.example' }
    if (type) headers['content-type'] = type
    // Logout keeps its own tests; here it would end the session the other half of the requests use.
    if (random() < 0.5 && !path.startsWith('/api/admin/logout')) headers.cookie = admin.cookie
    const started = performance.now()
    const res = await Promise.race([t.request(path, { method, headers, body: text }), Bun.sleep(5000).then(() => null)])
    if (!res) {
      failures.push(`hang: ${method} ${path}`)
      continue
    }
    await res.arrayBuffer()
    if (res.status >= 500) failures.push(`${res.status}: ${method} ${path} ${text?.slice(0, 120) ?? ''}`)
    if (performance.now() - started > 5000) failures.push(`slow: ${method} ${path}`)
  }
  expect(failures).toEqual([])
  expect((await t.request('/healthz')).status).toBe(200)
  const integrity = await t.db.$client.execute('PRAGMA integrity_check')
  expect(String(integrity.rows[0]![0])).toBe('ok')
}, 300_000)
