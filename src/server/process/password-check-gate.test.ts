import { describe, expect, test } from 'bun:test'
import { SESSION_COOKIE } from '../auth/admin-session'
import { holdUntilPasswordChecked, waitsForPasswordCheck } from './password-check-gate'

const request = (path: string, cookie?: string) =>
  new Request(`http://site.test${path}`, cookie ? { headers: { cookie } } : {})

describe('which requests wait for the start password check', () => {
  test.each(['/', '/blog', '/blog/a-post', '/jobs', '/rdc25', '/api/jobs', '/livez', '/rss.xml'])(
    'a visitor reading %s does not',
    (path) => expect(waitsForPasswordCheck(request(path, 'theme=dark'))).toBe(false),
  )
  test.each([
    '/admin',
    '/admin/login',
    '/ADMIN/Blog',
    '/api/admin/login',
    '/blog-preview',
    '/api/previewer/gate',
    '/blog%2Dpreview',
    '/%62log-preview',
    '/%2562log-preview',
    '/%41dmin/login',
    '//admin',
    '/healthz',
    '/readyz',
  ])('a request for %s does', (path) => expect(waitsForPasswordCheck(request(path))).toBe(true))
  test.each([`theme=dark; ${SESSION_COOKIE}=abc`, `${SESSION_COOKIE} =abc`, `theme=dark;\t${SESSION_COOKIE}\t=abc`])(
    'any request carrying a session (%s) does',
    (cookie) => expect(waitsForPasswordCheck(request('/blog', cookie))).toBe(true),
  )
  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('a %s, which a stopping start would cut, does', (method) =>
    expect(waitsForPasswordCheck(new Request('http://site.test/api/job-applications', { method }))).toBe(true),
  )
})

describe('holding requests until the check has ended', () => {
  test('visitors are answered at once, staff requests once the check ends, then everyone at once', async () => {
    const check = Promise.withResolvers<void>()
    const answered: string[] = []
    const fetch = holdUntilPasswordChecked((req) => {
      answered.push(new URL(req.url).pathname)
      return new Response('ok')
    }, check.promise)
    const visitor = fetch(request('/blog'))
    const staff = fetch(request('/admin/login'))
    await Bun.sleep(5)
    expect(answered).toEqual(['/blog'])
    check.resolve()
    expect((await staff).status).toBe(200)
    expect(answered).toEqual(['/blog', '/admin/login'])
    expect(await visitor).toBeInstanceOf(Response)
    // Settled: a staff request is no longer a promise on the check.
    expect(fetch(request('/admin/blog'))).toBeInstanceOf(Response)
  })

  test('a failed check passes no held request on', async () => {
    const check = Promise.withResolvers<void>()
    const fetch = holdUntilPasswordChecked(() => new Response('ok'), check.promise)
    const staff = Promise.resolve(fetch(request('/admin/login'))).then(
      () => 'answered',
      () => 'refused',
    )
    check.reject(new Error('PREVIEW_PASSWORD is the admin password'))
    expect(await staff).toBe('refused')
  })
})
