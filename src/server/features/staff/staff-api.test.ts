import { afterEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { joinStaff, STAFF_TEST_PASSWORD } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { INVITATION_VALID_DAYS, STAFF_MESSAGES } from '../../../shared/staff'
import { auditLog } from '../../db/schema'

let now = Date.UTC(2031, 2, 3, 9)
let t: TestApp
let smtp: LoopbackSmtp | null = null
afterEach(async () => {
  await closeMailApp(t, smtp)
  smtp = null
})

async function setUp({ mail = false } = {}) {
  now = Date.UTC(2031, 2, 3, 9)
  if (mail) {
    smtp = loopbackSmtp()
    await smtp.listen()
  }
  t = await createTestApp({ seed: true, now: () => now, smtpUrl: smtp?.url })
  const owner = adminClient(t)
  await owner.login()
  return owner
}

const tokenOf = (url: string) => url.split('/').at(-1)!
const accept = (token: string, body: Record<string, unknown> = { name: 'Rui Author', password: STAFF_TEST_PASSWORD }) =>
  adminClient(t).request('POST', `/api/admin/invitations/${token}/accept`, body)

describe('invitations', () => {
  test('an invitation is emailed with a single-use link that signs the new person in as their role', async () => {
    const owner = await setUp({ mail: true })
    const res = await owner.request('POST', '/api/admin/staff/invitations', {
      email: 'Rui@Studio.test',
      role: 'author',
    })
    expect(res.status).toBe(201)
    const invitation = (await res.json()) as {
      id: number
      email: string
      role: string
      expiresAt: string
      inviteUrl: string
    }
    // Kept in lower case, as every comparison reads it.
    expect(invitation).toMatchObject({ email: 'rui@studio.test', role: 'author' })
    expect(Date.parse(invitation.expiresAt) - now).toBe(INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000)

    await t.mailSender!.runOnce()
    const [message] = await smtp!.waitFor(1)
    expect(message!.to).toMatchObject({ text: 'rui@studio.test' })
    expect(message!.text).toContain(invitation.inviteUrl)
    expect(message!.text).toContain('as Author')

    const person = adminClient(t)
    const joined = await person.request('POST', `/api/admin/invitations/${tokenOf(invitation.inviteUrl)}/accept`, {
      name: 'Rui Author',
      password: STAFF_TEST_PASSWORD,
    })
    expect(joined.status).toBe(200)
    const check = await person.json<{ user: unknown }>('GET', '/api/admin/check')
    expect(check.user).toMatchObject({ name: 'Rui Author', email: 'rui@studio.test', role: 'author' })

    const again = await accept(tokenOf(invitation.inviteUrl))
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ error: STAFF_MESSAGES.invitationUsed })
    const staff = await owner.json<{ email: string; state: string }[]>('GET', '/api/admin/staff')
    expect(staff.map(({ email, state }) => `${email} ${state}`)).toEqual([' active', 'rui@studio.test active'])
  })

  test('a withdrawn, expired or replaced link says which; an address already on the staff is refused', async () => {
    const owner = await setUp()
    const invite = async (email: string) =>
      (await (await owner.request('POST', '/api/admin/staff/invitations', { email, role: 'editor' })).json()) as {
        id: number
        inviteUrl: string
      }
    const withdrawn = await invite('a@studio.test')
    expect((await owner.request('DELETE', `/api/admin/staff/invitations/${withdrawn.id}`)).status).toBe(200)
    expect(await (await accept(tokenOf(withdrawn.inviteUrl))).json()).toEqual({
      error: STAFF_MESSAGES.invitationRevoked,
    })

    const first = await invite('b@studio.test')
    const resent = (await (await owner.request('POST', `/api/admin/staff/invitations/${first.id}/resend`)).json()) as {
      inviteUrl: string
    }
    expect((await accept(tokenOf(first.inviteUrl))).status).toBe(410)
    now += INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000
    const expired = await accept(tokenOf(resent.inviteUrl))
    expect(expired.status).toBe(410)
    expect(await expired.json()).toEqual({ error: STAFF_MESSAGES.invitationExpired })
    expect((await accept('not-a-token')).status).toBe(404)
    await owner.login()

    await joinStaff(t, owner, 'editor', { email: 'c@studio.test' })
    const taken = await owner.request('POST', '/api/admin/staff/invitations', {
      email: 'C@STUDIO.TEST',
      role: 'author',
    })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toEqual({ error: STAFF_MESSAGES.emailTaken })
    const owner2 = await owner.request('POST', '/api/admin/staff/invitations', {
      email: 'd@studio.test',
      role: 'owner',
    })
    expect(owner2.status).toBe(400)
  })

  test('accepting checks the name and the password rules, and keeps the link usable after a refusal', async () => {
    const owner = await setUp()
    const { inviteUrl } = (await (
      await owner.request('POST', '/api/admin/staff/invitations', { email: 'e@studio.test', role: 'author' })
    ).json()) as { inviteUrl: string }
    const token = tokenOf(inviteUrl)
    expect(await (await accept(token, { name: ' ', password: STAFF_TEST_PASSWORD })).json()).toEqual({
      error: STAFF_MESSAGES.nameRequired,
    })
    expect((await accept(token, { name: 'E', password: 'short' })).status).toBe(400)
    expect((await accept(token, { name: 'E', password: 'password1234' })).status).toBe(400)
    expect((await accept(token)).status).toBe(200)
  })
})

describe('signing in and control', () => {
  test('staff sign in with email and password; an unknown address and a wrong password get the same answer', async () => {
    const owner = await setUp()
    const author = await joinStaff(t, owner, 'author', { email: 'f@studio.test' })
    const login = (body: Record<string, unknown>) => adminClient(t).request('POST', '/api/admin/login', body)
    expect((await login({ email: 'F@studio.test', password: STAFF_TEST_PASSWORD })).status).toBe(200)
    const wrong = await login({ email: 'f@studio.test', password: 'not the password at all' })
    const unknown = await login({ email: 'nobody@studio.test', password: STAFF_TEST_PASSWORD })
    expect([wrong.status, unknown.status]).toEqual([401, 401])
    expect(await wrong.json()).toEqual(await unknown.json())
    // The spec's call still signs the owner in, and the owner's password is not anyone else's.
    expect((await login({ password: STAFF_TEST_PASSWORD })).status).toBe(401)
    expect(author.id).toBeGreaterThan(1)
  })

  test('suspending ends the person’s session at its next request and stops their sign-in; a new role counts at once', async () => {
    const owner = await setUp()
    const editor = await joinStaff(t, owner, 'editor', { email: 'g@studio.test' })
    expect((await editor.request('GET', '/api/tags')).status).toBe(200)
    const demoted = await owner.request('PATCH', `/api/admin/staff/${editor.id}`, { role: 'recruiter' })
    expect(demoted.status).toBe(200)
    expect((await editor.request('GET', '/api/tags')).status).toBe(403)
    expect((await editor.request('GET', '/api/admin/applications')).status).toBe(200)

    expect((await owner.request('PATCH', `/api/admin/staff/${editor.id}`, { state: 'suspended' })).status).toBe(200)
    expect((await editor.request('GET', '/api/admin/check')).status).toBe(401)
    const again = await adminClient(t).request('POST', '/api/admin/login', {
      email: 'g@studio.test',
      password: STAFF_TEST_PASSWORD,
    })
    expect(again.status).toBe(401)
    expect((await owner.request('PATCH', '/api/admin/staff/1', { state: 'suspended' })).status).toBe(403)
  })

  test('a recruiter’s note and status change carry the recruiter’s name; an author cannot see applications', async () => {
    const owner = await setUp()
    const recruiter = await joinStaff(t, owner, 'recruiter', { email: 'r@studio.test', name: 'Rita Recruiter' })
    const author = await joinStaff(t, owner, 'author', { email: 's@studio.test' })
    const applied = await t.request('/api/job-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({
        jobId: activeJobs(jobs)[0]!.id,
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        coverLetter: 'Engines.',
        resumeText: 'Notes.',
      }),
    })
    const { id } = (await applied.json()) as { id: number }
    const moved = await recruiter.request('PATCH', `/api/admin/applications/${id}`, {
      status: 'interview',
      note: 'Strong.',
    })
    expect(moved.status).toBe(200)
    const { notes } = (await moved.json()) as { notes: { kind: string; author: string }[] }
    expect(notes.map((note) => `${note.kind} ${note.author}`)).toEqual(['status Rita Recruiter', 'note Rita Recruiter'])
    expect((await author.request('GET', `/api/admin/applications/${id}`)).status).toBe(403)
  })

  test('the audit log names who did what', async () => {
    const owner = await setUp()
    const author = await joinStaff(t, owner, 'author', { email: 'h@studio.test', name: 'Hana Writer' })
    const created = await author.request('POST', '/api/blog', {
      title: 'Hana’s notes',
      content: '<p>Hi</p>',
      status: 'draft',
    })
    expect(created.status).toBe(201)
    const rows = await t.db.select().from(auditLog)
    const line = (type: string) => rows.filter((row) => row.type === type).map((row) => row.staffName)
    expect(line('post.created')).toEqual(['Hana Writer'])
    expect(line('staff.invited')).toEqual(['Kindlewave Studios'])
    expect(line('staff.joined')).toEqual(['Hana Writer'])
  })
})

describe('posts by role', () => {
  test('an author writes and publishes their own posts and cannot touch anyone else’s', async () => {
    const owner = await setUp()
    const author = await joinStaff(t, owner, 'author', { email: 'i@studio.test' })
    const mine = await author.request('POST', '/api/blog', { title: 'Mine', content: '<p>A</p>', status: 'published' })
    expect(mine.status).toBe(201)
    const post = (await mine.json()) as { id: number; authorId: number }
    expect(post.authorId).toBe(author.id)
    const featured = await author.request('PUT', `/api/blog/${post.id}`, {
      title: 'Mine',
      content: '<p>A</p>',
      status: 'published',
      featured: true,
    })
    expect(await featured.json()).toEqual({ error: STAFF_MESSAGES.featureEditorsOnly })
    const others = await author.request('PUT', '/api/blog/1', {
      title: 'Mine now',
      content: '<p>B</p>',
      status: 'draft',
    })
    expect(others.status).toBe(403)
    expect(await others.json()).toEqual({ error: STAFF_MESSAGES.notYourPost })
    expect((await author.request('DELETE', '/api/blog/1')).status).toBe(403)
  })

  test('a contributor saves drafts but cannot publish, schedule or change a published post', async () => {
    const owner = await setUp()
    const contributor = await joinStaff(t, owner, 'contributor', { email: 'j@studio.test' })
    const publish = await contributor.request('POST', '/api/blog', {
      title: 'Now',
      content: '<p>A</p>',
      status: 'published',
    })
    expect(publish.status).toBe(403)
    expect(await publish.json()).toEqual({ error: STAFF_MESSAGES.contributorsDraftOnly })
    const draft = await contributor.request('POST', '/api/blog', {
      title: 'Later',
      content: '<p>A</p>',
      status: 'draft',
    })
    expect(draft.status).toBe(201)
    const { id } = (await draft.json()) as { id: number }
    expect((await contributor.request('POST', `/api/blog/${id}/draft-link`)).status).toBe(200)
    const published = await owner.request('PUT', `/api/blog/${id}`, {
      title: 'Later',
      content: '<p>A</p>',
      status: 'published',
    })
    expect(published.status).toBe(200)
    const edit = await contributor.request('PUT', `/api/blog/${id}`, {
      title: 'Later',
      content: '<p>B</p>',
      status: 'published',
    })
    expect(edit.status).toBe(403)
    expect((await contributor.request('DELETE', `/api/blog/${id}`)).status).toBe(403)
  })

  test('a stale save names the person who saved last', async () => {
    const owner = await setUp()
    const editor = await joinStaff(t, owner, 'editor', { email: 'k@studio.test', name: 'Kai Editor' })
    const opened = await owner.request('GET', '/api/blog/1')
    const etag = opened.headers.get('etag')!
    const body = (await opened.json()) as { title: string; content: string; status: string }
    const input = { title: body.title, content: body.content, status: body.status }
    expect((await editor.request('PUT', '/api/blog/1', { ...input, title: 'Kai’s title' })).status).toBe(200)
    const stale = await owner.request('PUT', '/api/blog/1', input, { 'if-match': etag })
    expect(stale.status).toBe(412)
    expect(((await stale.json()) as { savedBy: string }).savedBy).toBe('Kai Editor')
  })
})
