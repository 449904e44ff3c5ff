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

  test('the path is matched whatever its case', async () => {
    expect(await adminGate(PAGES.adminBlog.toUpperCase(), session(false))).toEqual({ redirect: PAGES.adminLogin })
  })

  test('other pages pass without their session being read', async () => {
    const check = session(true)
    expect(await adminGate('/blog', check)).toEqual({ priority: false })
    expect(check.asked).toBe(0)
  })
})
