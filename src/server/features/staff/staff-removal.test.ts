import { afterEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { STAFF_MESSAGES } from '../../../shared/staff'
import { mailOutbox, posts, staff as staffTable } from '../../db/schema'

let t: TestApp
afterEach(() => t.close())

async function setUp() {
  t = await createTestApp({ seed: true, now: () => Date.UTC(2031, 2, 3, 9) })
  const owner = adminClient(t)
  await owner.login()
  return owner
}

describe('removing someone from the staff', () => {
  test('removing someone keeps their posts with their name, or gives them to someone else', async () => {
    const owner = await setUp()
    const author = await joinStaff(t, owner, 'author', { email: 'l@studio.test', name: 'Lee Gone' })
    const { id } = (await (
      await author.request('POST', '/api/blog', { title: 'Lee’s', content: '<p>A</p>', status: 'published' })
    ).json()) as { id: number }
    const other = await joinStaff(t, owner, 'editor', { email: 'm@studio.test' })
    expect((await owner.request('DELETE', `/api/admin/staff/${author.id}`)).status).toBe(400)
    // Not to someone whose role writes no posts: a byline names a writer.
    const recruiter = await joinStaff(t, owner, 'recruiter', { email: 'r@studio.test' })
    const toRecruiter = await owner.request('DELETE', `/api/admin/staff/${author.id}?reassignTo=${recruiter.id}`)
    expect([toRecruiter.status, await toRecruiter.json()]).toEqual([400, { error: STAFF_MESSAGES.reassignInvalid }])
    expect((await owner.request('DELETE', `/api/admin/staff/${author.id}?reassignTo=${other.id}`)).status).toBe(200)
    expect((await owner.json<{ authorId: number }>('GET', `/api/blog/${id}`)).authorId).toBe(other.id)
    expect((await author.request('GET', '/api/admin/check')).status).toBe(401)
    const staff = await owner.json<{ email: string }[]>('GET', '/api/admin/staff')
    expect(staff.map((person) => person.email)).not.toContain('l@studio.test')
    expect((await t.db.select().from(mailOutbox)).length).toBe(0)
  })

  test('two people removed at once, each handing their posts to the other: one goes, the other is refused', async () => {
    const owner = await setUp()
    const first = await joinStaff(t, owner, 'author', { email: 'p@studio.test' })
    const second = await joinStaff(t, owner, 'author', { email: 'q@studio.test' })
    for (const writer of [first, second])
      await writer.request('POST', '/api/blog', { title: 'Mine', content: '<p>A</p>', status: 'published' })
    const answers = await Promise.all([
      owner.request('DELETE', `/api/admin/staff/${first.id}?reassignTo=${second.id}`),
      owner.request('DELETE', `/api/admin/staff/${second.id}?reassignTo=${first.id}`),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    const refusal = answers.find((answer) => answer.status === 400)!
    expect(((await refusal.json()) as { error: string }).error).toBe(STAFF_MESSAGES.reassignInvalid)
    // Every post still has an author on the staff: the one who stayed has both.
    const staffIds = (await t.db.select({ id: staffTable.id }).from(staffTable)).map((row) => row.id)
    const authors = (await t.db.select({ authorId: posts.authorId }).from(posts)).map((row) => row.authorId)
    expect(authors.filter((id) => !staffIds.includes(id))).toEqual([])
    // The one who stayed, removed twice at once: once, the other told they are gone.
    const stayed = [first, second].find((person) => staffIds.includes(person.id))!
    const twice = await Promise.all([
      owner.request('DELETE', `/api/admin/staff/${stayed.id}?posts=keep`),
      owner.request('DELETE', `/api/admin/staff/${stayed.id}?reassignTo=1`),
    ])
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 404])
  })
})
