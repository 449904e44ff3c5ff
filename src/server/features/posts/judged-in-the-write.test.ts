import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites as anotherProcessWrites } from '../../../../tests/support/another-process-writes'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AuditEvent } from '../../../shared/admin-security'
import { NEWSLETTER_MESSAGES } from '../../../shared/newsletter'
import { POST_MESSAGES } from '../../../shared/post-rules'
import { STAFF_MESSAGES } from '../../../shared/staff'
import { posts } from '../../db/schema'

/**
 * What a save or a delete checks before its write (rights, byline, tags, the newsletter box, whether it
 * publishes) is checked again in the write, on the post as it is then. Each test makes another process change
 * the database between the request's first look and its write.
 */
type AdminClient = ReturnType<typeof adminClient>

const now = Date.UTC(2031, 2, 3, 9)
let t: TestApp
let owner: AdminClient
beforeEach(async () => {
  t = await createTestApp({ seed: true, now: () => now })
  owner = adminClient(t)
  await owner.login()
})
afterEach(() => t.close())

/** A request sent while another process makes `changes` to the database (`whileAnotherProcessWrites`). */
const whileAnotherProcessWrites = (changes: string[], send: () => Promise<Response>) =>
  anotherProcessWrites(t.databaseUrl, changes, send)

const draft = { title: 'Draft', content: '<p>A</p>', status: 'draft' }

/** A draft by `client`, saved twice (so it has an earlier version to restore). */
async function drafted(client: AdminClient, slug: string) {
  const { id } = await client.json<{ id: number }>('POST', '/api/blog', { ...draft, slug })
  expect((await client.request('PUT', `/api/blog/${id}`, { ...draft, slug, content: '<p>B</p>' })).status).toBe(200)
  return id
}

/** A tag deleted as the admin deletes one: off its posts, then gone. */
const deleteTag = (id: number) => [`DELETE FROM post_tags WHERE tag_id = ${id}`, `DELETE FROM tags WHERE id = ${id}`]

const publish = (id: number) =>
  `UPDATE posts SET status = 'published', published_at = ${now}, updated_at = ${now + 1000} WHERE id = ${id}`

describe('checked again in the write', () => {
  test('a contributor’s draft published meanwhile can no longer be deleted, changed or restored by them', async () => {
    const contributor = await joinStaff(t, owner, 'contributor', { email: 'j@studio.test' })
    const theirs = {
      delete: (id: number) => contributor.request('DELETE', `/api/blog/${id}`),
      edit: (id: number) => contributor.request('PUT', `/api/blog/${id}`, { ...draft, title: 'Edited' }),
      restore: async (id: number) => {
        const [saved] = await contributor.json<{ id: number }[]>('GET', `/api/blog/${id}/revisions`)
        return contributor.request('POST', `/api/blog/${id}/revisions/${saved!.id}/restore`)
      },
    }
    for (const [action, send] of Object.entries(theirs)) {
      const id = await drafted(contributor, `draft-${action}`)
      const answer = await whileAnotherProcessWrites([publish(id)], () => send(id))
      expect({ action, status: answer.status }).toEqual({ action, status: 403 })
      expect(await answer.json()).toEqual({ error: STAFF_MESSAGES.contributorsDraftOnly })
      expect(await owner.json('GET', `/api/blog/${id}`)).toMatchObject({ status: 'published', title: 'Draft' })
    }
  })

  test('a byline, a writer or a tag gone meanwhile: refused, not a post of someone or with a tag that is gone', async () => {
    const leaving = await joinStaff(t, owner, 'author', { email: 'l@studio.test' })
    const writer = await joinStaff(t, owner, 'author', { email: 'w@studio.test' })
    const suspend = (id: number) => `UPDATE staff SET state = 'suspended' WHERE id = ${id}`
    const byline = await whileAnotherProcessWrites([suspend(leaving.id)], () =>
      owner.request('PUT', '/api/blog/1', { ...draft, title: 'Theirs', authorId: leaving.id }),
    )
    expect([byline.status, await byline.json()]).toEqual([400, { error: STAFF_MESSAGES.authorUnknown }])
    const written = await whileAnotherProcessWrites([suspend(writer.id)], () =>
      writer.request('POST', '/api/blog', { ...draft, title: 'Last words', slug: 'last-words' }),
    )
    expect(written.status).toBe(400)
    expect((await t.db.select({ authorId: posts.authorId }).from(posts)).map((row) => row.authorId)).not.toContain(
      writer.id,
    )
    // A tag chosen for a save or a new post.
    const saves = {
      edit: (tagId: number) => owner.request('PUT', '/api/blog/1', { ...draft, title: 'Tagged', tags: [tagId] }),
      create: (tagId: number) => owner.request('POST', '/api/blog', { ...draft, slug: 'tagged', tags: [tagId] }),
    }
    for (const [save, send] of Object.entries(saves)) {
      const tag = await owner.json<{ id: number }>('POST', '/api/tags', { name: `Fleeting for ${save}` })
      const tagged = await whileAnotherProcessWrites(deleteTag(tag.id), () => send(tag.id))
      expect([tagged.status, await tagged.json()]).toEqual([400, { error: POST_MESSAGES.unknownTags([tag.id]) }])
    }
  })

  test('a tag deleted meanwhile that came with a restored version is left out, as it is once deleted', async () => {
    const tag = await owner.json<{ id: number }>('POST', '/api/tags', { name: 'Old times' })
    const id = await drafted(owner, 'restored')
    // Tagged, then saved without it: the tagged version is the newest kept.
    for (const tags of [[tag.id], []])
      expect((await owner.request('PUT', `/api/blog/${id}`, { ...draft, slug: 'restored', tags })).status).toBe(200)
    const [tagged] = await owner.json<{ id: number; changed: string[] }[]>('GET', `/api/blog/${id}/revisions`)
    expect(tagged!.changed).toContain('tags')
    const restored = await whileAnotherProcessWrites(deleteTag(tag.id), () =>
      owner.request('POST', `/api/blog/${id}/revisions/${tagged!.id}/restore`),
    )
    expect(restored.status).toBe(200)
    expect(await owner.json(`GET`, `/api/blog/${id}`)).toMatchObject({ tags: [] })
  })

  test('a bulk change, the newsletter box and the audit of a publish go by the post as the write finds it', async () => {
    // A post handed to the owner (a byline changes with no new version) while its author publishes it in bulk.
    const author = await joinStaff(t, owner, 'author', { email: 'a@studio.test' })
    const handedOn = await drafted(author, 'handed-on')
    const bulk = await whileAnotherProcessWrites([`UPDATE posts SET author_id = 1 WHERE id = ${handedOn}`], () =>
      author.request('POST', '/api/blog/bulk', { ids: [handedOn], action: 'publish' }),
    )
    expect(await bulk.json()).toEqual({ done: [], failed: [{ id: handedOn, error: STAFF_MESSAGES.notYourPost }] })

    // The newsletter box ticked by an editor meanwhile: a save that leaves it as its form had it does not untick it.
    const boxed = await drafted(owner, 'boxed')
    const box = await whileAnotherProcessWrites([`UPDATE posts SET email_subscribers = 1 WHERE id = ${boxed}`], () =>
      owner.request('PUT', `/api/blog/${boxed}`, { ...draft, slug: 'boxed', emailSubscribers: false }),
    )
    expect(box.status).toBe(200)
    expect(await owner.json('GET', `/api/blog/${boxed}`)).toMatchObject({ emailSubscribers: true })

    // The box ticked on a draft someone else published meanwhile: too late, as it is on a post public already.
    const late = await drafted(owner, 'late')
    const ticked = await whileAnotherProcessWrites([publish(late)], () =>
      owner.request('PUT', `/api/blog/${late}`, {
        ...draft,
        slug: 'late',
        status: 'published',
        emailSubscribers: true,
      }),
    )
    expect([ticked.status, await ticked.json()]).toEqual([400, { error: NEWSLETTER_MESSAGES.emailAfterPublishing }])
    expect(await owner.json('GET', `/api/blog/${late}`)).toMatchObject({ emailSubscribers: false })

    // Published by someone else meanwhile: this save publishes nothing, and the audit does not say it did.
    const again = await drafted(owner, 'again')
    const republished = await whileAnotherProcessWrites([publish(again)], () =>
      owner.request('PUT', `/api/blog/${again}`, { ...draft, title: 'Again', slug: 'again', status: 'published' }),
    )
    expect(republished.status).toBe(200)
    const audited = await owner.json<AuditEvent[]>('GET', '/api/admin/audit?type=post.published&limit=100')
    expect(audited.filter((event) => event.subject === 'Again')).toEqual([])
  })
})
