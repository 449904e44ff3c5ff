import { describe, expect, test } from 'bun:test'
import { PAGES } from '../../shared/paths'
import { adminGate } from './admin-gate'

/** A session check that says `signedIn` and counts how often it was asked. */
const session = (signedIn: boolean) => {
  const check = Object.assign(
    async () => {
      check.asked++
      return signedIn
    },
    { asked: 0 },
  )
  return check
}

describe('the admin gate', () => {
  test('the admin screen sends a visitor without a session to the login screen', async () => {
    expect(await adminGate(PAGES.adminBlog, session(false))).toEqual({ redirect: PAGES.adminLogin })
  })

  test('the login screen sends the signed-in administrator to the admin screen', async () => {
    expect(await adminGate(PAGES.adminLogin, session(true))).toEqual({ redirect: PAGES.adminBlog })
  })

  test("the administrator's screen is rendered ahead of the render line; the login screen like any page", async () => {
    expect(await adminGate(PAGES.adminBlog, session(true))).toEqual({ priority: true })
    expect(await adminGate(PAGES.adminLogin, session(false))).toEqual({ priority: false })
  })

  test('a link into the admin comes back after the sign-in; only the admin’s own pages are landed on', async () => {
    const query = new URLSearchParams({ application: '12' })
    const gate = await adminGate(PAGES.adminBlog, session(false), query)
    expect(gate).toEqual({ redirect: '/admin/login?next=%2Fadmin%2Fblog%3Fapplication%3D12' })
    const back = new URLSearchParams({ next: '/admin/blog?application=12' })
    expect(await adminGate(PAGES.adminLogin, session(true), back)).toEqual({ redirect: '/admin/blog?application=12' })
    for (const next of ['https://evil.example/admin/', '//evil.example/admin/', '/blog', '/admin/login?next=x'])
      expect(await adminGate(PAGES.adminLogin, session(true), new URLSearchParams({ next }))).toEqual({
        redirect: PAGES.adminBlog,
      })
  })

  test('the path is matched whatever its case', async () => {
    expect(await adminGate(PAGES.adminBlog.toUpperCase(), session(false))).toEqual({ redirect: PAGES.adminLogin })
  })

  test('other pages pass without their session being read', async () => {
    const check = session(true)
    expect(await adminGate('/blog', check)).toEqual({ priority: false })
    expect(check.asked).toBe(0)
  })
})
