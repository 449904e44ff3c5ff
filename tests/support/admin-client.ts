import { TEST_ADMIN_PASSWORD, type TestApp } from './test-app'

/** Requests as the site's own admin screens make them: same origin, JSON, with the session cookie once logged in. */
export function adminClient(t: TestApp) {
  let cookie = ''
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.request(path, {
      method,
      headers: {
        origin: 'http://localhost',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const setCookie = res.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]!
    return res
  }
  return {
    request,
    get cookie() {
      return cookie
    },
    set cookie(value: string) {
      cookie = value
    },
    login: (password = TEST_ADMIN_PASSWORD) => request('POST', '/api/admin/login', { password }),
    json: async <T>(method: string, path: string, body?: unknown) =>
      (await (await request(method, path, body)).json()) as T,
  }
}
