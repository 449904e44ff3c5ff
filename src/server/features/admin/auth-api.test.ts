import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { loadAdminPassword } from '../../auth/password'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../auth/sessions'
import { appSettings } from '../../db/schema'

let now: number
let t: TestApp
beforeEach(async () => {
  now = Date.UTC(2030, 0, 1, 12)
  t = await createTestApp({ now: () => now })
})
afterEach(() => t.close())

describe('login', () => {
  test('a blank password is 400, a wrong one 401, the right one 200 with a session cookie', async () => {
    const admin = adminClient(t)
    for (const password of ['', '   ']) {
      const res = await admin.request('POST', '/api/admin/login', { password })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'Password is required' })
    }
    expect((await admin.request('POST', '/api/admin/login', {})).status).toBe(400)
    const wrong = await admin.login('not the password')
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ error: 'Invalid admin password' })

    const ok = await admin.login()
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ ok: true })
    const cookie = ok.headers.get('set-cookie')!
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(cookie).not.toContain('Secure')
    expect(ok.headers.get('cache-control')).toBe('no-store')
  })

  test('each login gets a fresh token and the one it replaces stops working', async () => {
    const admin = adminClient(t)
    await admin.login()
    const first = admin.cookie
    await admin.login()
    const second = admin.cookie
    expect(second).not.toBe(first)
    admin.cookie = first
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
    admin.cookie = second
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(200)
  })

  test('the sixth wrong password in 15 minutes is refused with 429 and Retry-After, even if right', async () => {
    const admin = adminClient(t)
    for (let i = 0; i < 5; i++) expect((await admin.login(`wrong ${i}`)).status).toBe(401)
    const blocked = await admin.login()
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await blocked.json()).error).toMatch(/Too many failed login attempts/)
    now += 15 * 60 * 1000 + 1
    expect((await admin.login()).status).toBe(200)
  })

  test('a login from another site is refused', async () => {
    const res = await adminClient(t).request(
      'POST',
      '/api/admin/login',
      { password: 'x' },
      { origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
  })
})

describe('sessions', () => {
  test('check answers the spec shape (and whether two-factor is on, and who is signed in) with a session and 401 without', async () => {
    const admin = adminClient(t)
    const anonymous = await admin.request('GET', '/api/admin/check')
    expect(anonymous.status).toBe(401)
    expect(typeof (await anonymous.json()).error).toBe('string')
    await admin.login()
    const res = await admin.request('GET', '/api/admin/check?_t=123')
    expect(await res.json()).toEqual({
      authenticated: true,
      method: 'session',
      twoFactor: false,
      user: { id: 1, name: 'Kindlewave Studios', email: '', role: 'owner' },
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('a session ends after two idle hours', async () => {
    const admin = adminClient(t)
    await admin.login()
    now += SESSION_IDLE_MS - 60_000
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(200)
    now += SESSION_IDLE_MS + 1
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
  })

  test('a session ends after 24 hours however busy it is', async () => {
    const admin = adminClient(t)
    await admin.login()
    for (let hours = 1; hours < 24; hours++) {
      now += 60 * 60 * 1000
      expect((await admin.request('GET', '/api/admin/check')).status).toBe(200)
    }
    now += SESSION_ABSOLUTE_MS - 23 * 60 * 60 * 1000 + 1
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
  })

  test('logout revokes the session', async () => {
    const admin = adminClient(t)
    await admin.login()
    const token = admin.cookie
    const res = await admin.request('POST', '/api/admin/logout')
    expect(await res.json()).toEqual({ ok: true })
    admin.cookie = token
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
  })
})

describe('the administrator password', () => {
  test('without ADMIN_PASSWORD one is generated, announced once, and it logs in', async () => {
    // A first start without ADMIN_PASSWORD: nothing stored yet.
    await t.db.delete(appSettings)
    const announced: string[] = []
    const password = await loadAdminPassword(t.db, undefined, (p) => announced.push(p))
    expect(announced.length).toBe(1)
    expect(announced[0]!.length).toBeGreaterThanOrEqual(20)
    expect(await password.verify(announced[0]!)).toBe(true)
    expect(await password.verify('password')).toBe(false)
    const again = await loadAdminPassword(t.db, undefined, (p) => announced.push(p))
    expect(announced.length).toBe(1)
    expect(await again.verify(announced[0]!)).toBe(true)
  })
})
