import { expect, test } from 'bun:test'
import { webhookSite } from '../../../../tests/support/webhooks'
import type { PostDetail } from '../../../shared/blog'
import type { posts } from '../../db/schema'
import { createWebhookDispatcher } from '../../webhooks/dispatcher'

// What the announcer's claims keep: a change told once by processes watching together, and as it was saved.
const site = webhookSite()
const { clock, advance, tick, standardHook } = site

test('two processes watching at once tell a change once', async () => {
  await tick()
  await standardHook(['post.published'])
  await site.owner.request('POST', '/api/blog', { title: 'Once only', content: '<p>x</p>', status: 'published' })
  const announcer = () => site.announcer().runOnce()
  await Promise.all([announcer(), announcer(), announcer()])
  await createWebhookDispatcher({ db: site.t.db, clock }).runOnce()
  expect(site.hook!.received).toHaveLength(1)
})

test('a save landing between the announcer reading a post and claiming it is told as saved, at the next run', async () => {
  await tick()
  await standardHook(['post.published', 'post.updated'])
  const edit = (title: string) => ({ title, content: '<p>Up.</p>', status: 'published' })
  const post = (await (await site.owner.request('POST', '/api/blog', edit('Balloon Day'))).json()) as PostDetail
  await tick()
  advance(1000)
  expect((await site.owner.request('PUT', `/api/blog/${post.id}`, edit('Balloon Day!'))).status).toBe(200)
  // The announcer's database takes another save just before its claim: one whose time was taken before the
  // run began (a save stamps the post before its transaction) and whose commit came after the run's read.
  let raced = false
  const racing = new Proxy(site.t.db, {
    get(target, name) {
      if (name !== 'update' || raced) return Reflect.get(target, name)
      return (table: Parameters<typeof target.update>[0]) => ({
        set: (values: Parameters<ReturnType<typeof target.update>['set']>[0]) => ({
          where: (condition: Parameters<ReturnType<ReturnType<typeof target.update>['set']>['where']>[0]) => ({
            returning: async (fields: { id: typeof posts.id }) => {
              raced = true
              advance(-500)
              expect((await site.owner.request('PUT', `/api/blog/${post.id}`, edit('Balloon Day!!'))).status).toBe(200)
              advance(500)
              return target.update(table).set(values).where(condition).returning(fields)
            },
          }),
        }),
      })
    },
  })
  await site.announcer(racing).runOnce()
  expect(raced).toBe(true)
  advance(1000)
  await tick()
  expect(site.hook!.received.map((one) => JSON.parse(one.body).data.title)).toEqual(['Balloon Day', 'Balloon Day!!'])
})
