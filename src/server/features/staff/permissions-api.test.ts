import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { PUBLIC_API } from '../../../../tests/support/public-api'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { ASSIGNABLE_ROLES, can, isPermission, type Role } from '../../../shared/staff'
import { PERMISSION_DETAIL } from '../../auth/admin-session'

let t: TestApp
const clients = new Map<Role, ReturnType<typeof adminClient>>()

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  const owner = adminClient(t)
  await owner.login()
  clients.set('owner', owner)
  for (const role of ASSIGNABLE_ROLES) clients.set(role, await joinStaff(t, owner, role))
})
afterAll(() => t.close())

interface Route {
  method: string
  path: string
  permission: unknown
}

/** Every route of the app with the permission it declares (undefined: none), read from the app itself. */
const routes = (): Route[] =>
  (t.app.routes as { method: string; path: string; hooks?: { detail?: Record<string, unknown> } }[]).map(
    ({ method, path, hooks }) => ({ method, path, permission: hooks?.detail?.[PERMISSION_DETAIL] }),
  )

const guarded = () => routes().filter((route) => route.permission !== undefined)

/** A request no route can act on: ids that match nothing, an empty JSON body. */
async function call(route: Route, cookie?: string) {
  const url = route.path.replace(/:[A-Za-z]+/g, '999999')
  const res = await t.request(url, {
    method: route.method,
    headers: {
      origin: 'http://localhost',
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    body: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}',
  })
  return res.status
}

describe('the permission table decides every staff route', () => {
  test('every API route is public or names a permission from the table', () => {
    const unruled = routes()
      .filter(({ path }) => path.startsWith('/api/'))
      .filter((route) => route.permission === undefined && !PUBLIC_API.has(`${route.method} ${route.path}`))
      .map(({ method, path }) => `${method} ${path}`)
    expect(unruled).toEqual([])
    const unknown = guarded().filter((route) => !isPermission(route.permission))
    expect(unknown).toEqual([])
    expect(guarded().length).toBeGreaterThanOrEqual(45)
  })

  test('without a session every one answers 401', async () => {
    const answers: string[] = []
    for (const route of guarded()) {
      const status = await call(route)
      if (status !== 401) answers.push(`${route.method} ${route.path} ${status}`)
    }
    expect(answers).toEqual([])
  })

  test('for every role, each route answers 403 exactly when the table withholds its permission', async () => {
    const wrong: string[] = []
    for (const [role, client] of clients) {
      for (const route of guarded()) {
        const status = await call(route, client.cookie)
        const allowed = can(role, route.permission as Parameters<typeof can>[1])
        const refused = status === 403 || status === 401
        if (allowed === refused || (!allowed && status !== 403))
          wrong.push(`${role} ${route.method} ${route.path}: ${status}, table says ${allowed ? 'allowed' : 'refused'}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
