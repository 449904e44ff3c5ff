import { describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { clock, securityTestApps } from '../../../../tests/support/security-test-support'
import { TEST_ADMIN_PASSWORD } from '../../../../tests/support/test-app'
import { type AdminSessionInfo, type AuditEvent, SECURITY_MESSAGES } from '../../../shared/admin-security'
import { auditLog } from '../../db/schema'

const app = securityTestApps()

describe('password change', () => {
  test('refuses weak passwords, needs the current one, and signs every other session out', async () => {
    const t = await app({ previewerPassword: 'the previewer password' })
    const admin = adminClient(t)
    const other = adminClient(t)
    await admin.login()
    await other.login()
    const change = (body: Record<string, string>) => admin.request('POST', '/api/admin/password', body)
    const refusals = [
      [{ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'short one' }, SECURITY_MESSAGES.newPasswordTooShort],
      [{ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'Password2026!' }, SECURITY_MESSAGES.newPasswordCommon],
      [
        { currentPassword: TEST_ADMIN_PASSWORD, newPassword: TEST_ADMIN_PASSWORD },
        SECURITY_MESSAGES.newPasswordUnchanged,
      ],
      [
        { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'the previewer password' },
        SECURITY_MESSAGES.newPasswordIsPreviewerPassword,
      ],
    ] as const
    for (const [body, message] of refusals) {
      const res = await change(body)
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe(message)
    }
    const wrongCurrent = await change({ currentPassword: 'not my password', newPassword: 'a new long passphrase' })
    expect(wrongCurrent.status).toBe(401)
    expect((await wrongCurrent.json()).error).toBe(SECURITY_MESSAGES.wrongCurrentPassword)

    const ok = await change({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'a new long passphrase' })
    expect(await ok.json()).toEqual({ ok: true, signedOut: 1 })
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(200)
    expect((await other.request('GET', '/api/admin/check')).status).toBe(401)
    expect((await adminClient(t).login()).status).toBe(401)
    expect((await adminClient(t).login('a new long passphrase')).status).toBe(200)
  })
})

describe('sessions', () => {
  test('listed with where they came from, revocable one by one or all but this one', async () => {
    const t = await app({ trustProxy: true })
    const client = (address: string, userAgent: string) => {
      const c = adminClient(t)
      return {
        ...c,
        login: () =>
          c.request(
            'POST',
            '/api/admin/login',
            { password: TEST_ADMIN_PASSWORD },
            {
              'x-forwarded-for': address,
              'user-agent': userAgent,
            },
          ),
      }
    }
    const laptop = client(
      '203.0.113.5',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
    )
    const phone = client('198.51.100.7', 'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/131.0 Mobile')
    const desk = client('192.0.2.9', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')
    for (const c of [laptop, phone, desk]) expect((await c.login()).status).toBe(200)
    clock.now += 5 * 60_000
    const list = await laptop.json<AdminSessionInfo[]>('GET', '/api/admin/sessions')
    expect(list.map((s) => [s.userAgent, s.clientAddress, s.current]).sort()).toEqual([
      ['Chrome on Android', '198.51.100.7', false],
      ['Firefox on Windows', '192.0.2.9', false],
      ['Safari on macOS', '203.0.113.5', true],
    ])
    const current = list.find((s) => s.current)!
    expect((await laptop.request('DELETE', `/api/admin/sessions/${current.id}`)).status).toBe(400)
    const phoneSession = list.find((s) => s.userAgent === 'Chrome on Android')!
    expect((await laptop.request('DELETE', `/api/admin/sessions/${phoneSession.id}`)).status).toBe(200)
    expect((await phone.request('GET', '/api/admin/check')).status).toBe(401)
    expect((await laptop.request('DELETE', `/api/admin/sessions/${phoneSession.id}`)).status).toBe(404)

    const noPassword = await laptop.request('POST', '/api/admin/sessions/revoke-others', {})
    expect(noPassword.status).toBe(400)
    expect((await desk.request('GET', '/api/admin/check')).status).toBe(200)
    const all = await laptop.request('POST', '/api/admin/sessions/revoke-others', { password: TEST_ADMIN_PASSWORD })
    expect(await all.json()).toEqual({ ok: true, signedOut: 1 })
    expect((await desk.request('GET', '/api/admin/check')).status).toBe(401)
    expect((await laptop.request('GET', '/api/admin/check')).status).toBe(200)
    // Someone else's session list is not for strangers.
    expect((await adminClient(t).request('GET', '/api/admin/sessions')).status).toBe(401)
  })
})

describe('the audit log', () => {
  test('records security and content events newest first, filters them, and holds no secrets', async () => {
    const t = await app({ trustProxy: true })
    const admin = adminClient(t)
    const headers = { 'x-forwarded-for': '203.0.113.77' }
    await admin.request('POST', '/api/admin/login', { password: 'a wrong guess here' }, headers)
    await admin.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD }, headers)
    const tag = await admin.json<{ id: number }>('POST', '/api/tags', { name: 'Audited' })
    const post = await admin.json<{ id: number }>('POST', '/api/blog', {
      title: 'Audit trail',
      content: '<p>Body</p>',
      status: 'draft',
    })
    await admin.request('PUT', `/api/blog/${post.id}`, {
      title: 'Audit trail',
      content: '<p>Body</p>',
      status: 'published',
    })
    await admin.request('DELETE', `/api/blog/${post.id}`)
    await admin.request('DELETE', `/api/tags/${tag.id}`)
    await admin.request('GET', '/api/admin/applications')
    await admin.request('POST', '/api/admin/password', {
      currentPassword: TEST_ADMIN_PASSWORD,
      newPassword: 'another long passphrase',
    })

    const events = await admin.json<AuditEvent[]>('GET', '/api/admin/audit')
    expect(events.map((e) => e.type)).toEqual([
      'password.changed',
      'applications.viewed',
      'tag.deleted',
      'post.deleted',
      'post.published',
      'post.updated',
      'post.created',
      'tag.created',
      'login.succeeded',
      'login.failed',
    ])
    expect(events.at(-1)).toMatchObject({ clientAddress: '203.0.113.77', subject: 'sign-in: wrong password' })
    expect(events.find((e) => e.type === 'post.deleted')?.subject).toBe('Audit trail')
    const security = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=security')
    expect(security.map((e) => e.type)).toEqual(['password.changed', 'login.succeeded', 'login.failed'])
    const rows = JSON.stringify(await t.db.select().from(auditLog))
    for (const secret of [TEST_ADMIN_PASSWORD, 'a wrong guess here', 'another long passphrase', '<p>Body</p>'])
      expect(rows).not.toContain(secret)
    expect((await adminClient(t).request('GET', '/api/admin/audit')).status).toBe(401)
  })

  test('events older than the retention period are dropped', async () => {
    const t = await app()
    const admin = adminClient(t)
    await admin.login()
    clock.now += 179 * 24 * 60 * 60_000
    await admin.login()
    expect((await admin.json<AuditEvent[]>('GET', '/api/admin/audit')).length).toBe(2)
    clock.now += 2 * 24 * 60 * 60_000
    await admin.login()
    const left = await admin.json<AuditEvent[]>('GET', '/api/admin/audit')
    expect(left.map((e) => e.at)).toEqual([
      new Date(clock.now).toISOString(),
      new Date(clock.now - 2 * 24 * 60 * 60_000).toISOString(),
    ])
  })
})

test('the audit filter takes groups, types and their first parts, and refuses anything else', async () => {
  const t = await app()
  const admin = adminClient(t)
  await admin.login()
  for (const type of ['security', 'content', 'login', 'login.succeeded', 'post'])
    expect((await admin.request('GET', `/api/admin/audit?type=${type}`)).status).toBe(200)
  for (const type of ['%', 'login%', '_ogin', 'constructor', 'drop'])
    expect((await admin.request('GET', `/api/admin/audit?type=${encodeURIComponent(type)}`)).status).toBe(400)
})
