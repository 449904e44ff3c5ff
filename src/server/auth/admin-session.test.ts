import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../tests/support/admin-client'
import { PUBLIC_API } from '../../../tests/support/public-api'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: true })
})
afterAll(() => t.close())

/** Every administrator route the app has, read from the app itself, so a new one is walked too. */
const adminRoutes = () =>
  (t.app.routes as { method: string; path: string }[])
    .filter(({ method, path }) => path.startsWith('/api/') && !PUBLIC_API.has(`${method} ${path}`))
    .map(({ method, path }) => ({ method, path }))

/** Input each route would refuse with 400 from a signed-in administrator: ids that are not ids, broken bodies. */
const MALFORMED = [
  { param: 'not-an-id', body: '{"title":', type: 'application/json' },
  { param: '-1', body: '{"unknown":1}', type: 'application/json' },
  { param: '1.5%00', body: 'a=1', type: 'text/plain' },
]

describe('authentication comes before validation', () => {
  test('the walk covers every administrator route', () => {
    const routes = adminRoutes().map(({ method, path }) => `${method} ${path}`)
    expect(routes.length).toBeGreaterThanOrEqual(25)
    for (const route of [
      'PUT /api/blog/:id',
      'DELETE /api/tags/:id',
      'DELETE /api/admin/sessions/:id',
      'PUT /api/admin/jobs/:id',
    ])
      expect(routes).toContain(route)
  })

  test('every administrator route answers malformed input without a session with 401, never 400', async () => {
    const answers: string[] = []
    for (const { method, path } of adminRoutes()) {
      for (const { param, body, type } of MALFORMED) {
        const url = `${path.replace(/:[A-Za-z]+/g, param)}?limit=abc&type=nonsense`
        const res = await t.request(url, {
          method,
          headers: { origin: 'http://localhost', 'content-type': type },
          body: method === 'GET' ? undefined : body,
        })
        const json = (await res.json()) as { error?: string }
        answers.push(`${method} ${url} ${res.status} ${res.headers.get('cache-control')} ${json.error}`)
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401 no-store Authentication required'))).toEqual([])
  })

  test('PUT /api/blog/featured without a session is 401 (it was 400, from the id check)', async () => {
    const res = await t.request('/api/blog/featured', {
      method: 'PUT',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Authentication required' })
  })

  test('a signed-in administrator still hears what is wrong with the input', async () => {
    const admin = adminClient(t)
    expect((await admin.login()).status).toBe(200)
    const res = await admin.request('PUT', '/api/blog/featured', { title: 'x' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/id/)
  })
})

test('a cross-site write is refused as such (403) before anything else, with or without a session', async () => {
  const crossSite = { origin: 'https://evil.example', 'content-type': 'application/json' }
  const anonymous = await t.request('/api/blog', { method: 'POST', headers: crossSite, body: '{}' })
  expect(anonymous.status).toBe(403)
  const admin = adminClient(t)
  await admin.login()
  const signedIn = await admin.request('POST', '/api/tags', { name: 'x' }, { origin: 'https://evil.example' })
  expect(signedIn.status).toBe(403)
})
