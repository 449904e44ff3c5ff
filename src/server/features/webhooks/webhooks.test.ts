import { describe, expect, test } from 'bun:test'
import { Webhook as Verifier } from 'standardwebhooks'
import { jobInput } from '../../../../tests/support/jobs'
import { joinStaff } from '../../../../tests/support/staff'
import { webhookReceiver } from '../../../../tests/support/webhook-receiver'
import { webhookSite } from '../../../../tests/support/webhooks'
import type { PostDetail } from '../../../shared/blog'
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookDelivery } from '../../../shared/webhooks'
import { RETRY_AFTER_MS } from '../../webhooks/dispatcher'

const site = webhookSite()
const { clock, advance, tick, standardHook } = site

describe('webhooks', () => {
  test('a post published reaches a Standard Webhooks receiver, signed so its library verifies it', async () => {
    await tick() // what the seed published before is not news
    const { id, secret } = await standardHook(['post.published', 'post.updated', 'post.unpublished'])
    expect(secret).toMatch(/^whsec_/)
    // The secret is shown once: the list does not carry it.
    expect(JSON.stringify(await (await site.owner.request('GET', '/api/admin/webhooks')).json())).not.toContain(secret)
    const post = (await (
      await site.owner.request('POST', '/api/blog', {
        title: 'Zeppelin Races',
        content: '<p>Up.</p>',
        status: 'published',
      })
    ).json()) as PostDetail
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    const [sent] = site.hook!.received
    const event = new Verifier(secret).verify(sent!.body, sent!.headers) as {
      type: string
      data: { title: string; url: string }
    }
    expect(event.type).toBe('post.published')
    expect(event.data).toMatchObject({ title: 'Zeppelin Races', url: `https://studio.test/blog/${post.slug}` })
    // Tampered with, it does not verify.
    expect(() => new Verifier(secret).verify(sent!.body.replace('Zeppelin', 'Blimp'), sent!.headers)).toThrow()

    // Nothing new, nothing sent; an edit is an update; taken down is an unpublish.
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 })
    advance(1000)
    await site.owner.request('PUT', `/api/blog/${post.id}`, {
      title: 'Zeppelin Races!',
      content: '<p>Up.</p>',
      status: 'published',
    })
    await tick()
    advance(1000)
    await site.owner.request('PUT', `/api/blog/${post.id}`, {
      title: 'Zeppelin Races!',
      content: '<p>Up.</p>',
      status: 'draft',
    })
    await tick()
    expect(site.hook!.received.map((one) => (JSON.parse(one.body) as { type: string }).type)).toEqual([
      'post.published',
      'post.updated',
      'post.unpublished',
    ])
    const log = (await (
      await site.owner.request('GET', `/api/admin/webhooks/${id}/deliveries`)
    ).json()) as WebhookDelivery[]
    expect(log.map((one) => [one.event, one.status, one.responseCode])).toEqual([
      ['post.unpublished', 'delivered', 200],
      ['post.updated', 'delivered', 200],
      ['post.published', 'delivered', 200],
    ])
  })

  test('a public post deleted is unpublished for the receivers; a draft deleted is no news', async () => {
    await tick()
    await standardHook(['post.published', 'post.unpublished'])
    const create = async (title: string, status: string) =>
      (await (
        await site.owner.request('POST', '/api/blog', { title, content: '<p>Up.</p>', status })
      ).json()) as PostDetail
    const [shown, draft] = [await create('Kite Festival', 'published'), await create('Quiet Draft', 'draft')]
    await tick()
    expect((await site.owner.request('DELETE', `/api/blog/${shown.id}`)).status).toBe(200)
    expect((await site.owner.request('DELETE', `/api/blog/${draft.id}`)).status).toBe(200)
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    const events = site.hook!.received.map(
      (one) => JSON.parse(one.body) as { type: string; data: { title: string; url: string } },
    )
    expect(events.map((event) => [event.type, event.data.title])).toEqual([
      ['post.published', 'Kite Festival'],
      ['post.unpublished', 'Kite Festival'],
    ])
    expect(events[1]!.data).toMatchObject({ url: `https://studio.test/blog/${shown.slug}`, author: expect.any(String) })
    // Told once: the next look finds nothing.
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 })
  })

  test('a scheduled post is announced when it goes live, not when it is saved', async () => {
    await tick()
    await standardHook(['post.published'])
    await site.owner.request('POST', '/api/blog', {
      title: 'Later',
      content: '<p>Soon.</p>',
      status: 'published',
      publishedAt: new Date(clock() + 60 * 60_000).toISOString(),
    })
    await tick()
    expect(site.hook!.received).toHaveLength(0)
    advance(61 * 60_000)
    await tick()
    expect(site.hook!.received.map((one) => JSON.parse(one.body).data.title)).toEqual(['Later'])
  })

  test('a receiver that fails twice gets the event on the third try, with the same webhook-id', async () => {
    await tick()
    await standardHook(['post.published'])
    site.hook!.stop()
    site.hook = webhookReceiver([500, 503])
    // The same address the webhook was added with is now served by the failing receiver.
    await site.t.db.$client.execute({ sql: 'UPDATE webhooks SET url = ?', args: [site.hook.url] })
    await site.owner.request('POST', '/api/blog', { title: 'Retry me', content: '<p>x</p>', status: 'published' })
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    advance(RETRY_AFTER_MS[0]!)
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    advance(RETRY_AFTER_MS[1]!)
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    expect(new Set(site.hook.received.map((one) => one.headers['webhook-id'])).size).toBe(1)
    expect(site.hook.received).toHaveLength(3)
  })

  test('a loopback or private address is refused, when added and again when delivered, unless the owner allows it', async () => {
    site.hook = webhookReceiver()
    for (const url of [
      site.hook.url,
      'http://[::7f00:1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://localhost:9/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
    ])
      expect(
        await (
          await site.owner.request('POST', '/api/admin/webhooks', { url, kind: 'standard', events: ['job.published'] })
        ).json(),
      ).toEqual({
        error: WEBHOOK_MESSAGES.privateTarget,
      })
    await standardHook(['post.published'])
    await tick()
    await site.owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: false })
    await site.owner.request('POST', '/api/blog', {
      title: 'Not to the inside',
      content: '<p>x</p>',
      status: 'published',
    })
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    expect(site.hook!.received).toHaveLength(0)
  })

  test(`at most ${WEBHOOK_LIMITS.hooks} webhooks, even when the last places are asked for at once`, async () => {
    expect((await site.owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })).status).toBe(
      200,
    )
    const add = (n: number) =>
      site.owner.request('POST', '/api/admin/webhooks', {
        url: `http://127.0.0.1:9/hook-${n}`,
        kind: 'standard',
        events: ['post.published'],
      })
    for (let n = 0; n < WEBHOOK_LIMITS.hooks - 3; n++) expect((await add(n)).status).toBe(201)
    const racing = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => add(100 + n)))
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 400, 400, 400])
    for (const refused of racing.filter((answer) => answer.status === 400))
      expect(await refused.json()).toEqual({ error: WEBHOOK_MESSAGES.tooMany })
    expect((await (await site.owner.request('GET', '/api/admin/webhooks')).json()) as unknown[]).toHaveLength(
      WEBHOOK_LIMITS.hooks,
    )
  })

  test('a job published and an application received are told, the application without anything personal', async () => {
    await tick()
    await standardHook(['job.published', 'application.received'])
    const created = await site.owner.request(
      'POST',
      '/api/admin/jobs',
      jobInput({ title: 'Rigger', slug: 'rigger', status: 'active' }),
    )
    expect(created.status).toBe(201)
    const { id: jobId } = (await created.json()) as { id: number }
    const applied = await site.t.request('/api/job-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({
        jobId,
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        coverLetter: 'Hi.',
        resumeText: 'CV.',
      }),
    })
    expect(applied.status).toBe(201)
    await tick()
    const events = site.hook!.received.map(
      (one) => JSON.parse(one.body) as { type: string; data: Record<string, unknown> },
    )
    expect(events.map((event) => [event.type, event.data.title])).toEqual([
      ['job.published', 'Rigger'],
      ['application.received', 'A new application for Rigger'],
    ])
    expect(JSON.stringify(events[1])).not.toMatch(/Ada|Lovelace|ada@example\.com|CV\./)
  })

  test('only the owner sets webhooks and settings; a Discord hook gets an embed that pings no one', async () => {
    const administrator = await joinStaff(site.t, site.owner, 'administrator')
    expect((await administrator.request('GET', '/api/admin/webhooks')).status).toBe(403)
    expect(
      (await administrator.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })).status,
    ).toBe(403)
    expect(
      (
        await site.owner.request('POST', '/api/admin/webhooks', {
          url: 'ftp://x.test',
          kind: 'standard',
          events: ['post.published'],
        })
      ).status,
    ).toBe(400)
    expect(
      await (
        await site.owner.request('POST', '/api/admin/webhooks', { url: 'https://x.test', kind: 'standard', events: [] })
      ).json(),
    ).toEqual({
      error: WEBHOOK_MESSAGES.noEvents,
    })
    site.hook = webhookReceiver()
    await site.owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })
    const created = (await (
      await site.owner.request('POST', '/api/admin/webhooks', {
        url: site.hook.url,
        kind: 'discord',
        events: ['job.published'],
      })
    ).json()) as { id: number; secret: string }
    expect(created.secret).toBe('')
    // A Discord address ends in the token that lets anyone post: it is not shown again.
    await site.owner.request('POST', '/api/admin/webhooks', {
      url: `http://token:secret@127.0.0.1:${new URL(site.hook.url).port}/api/webhooks/123/SECRET-TOKEN`,
      kind: 'discord',
      events: ['job.published'],
    })
    const listed = JSON.stringify(await (await site.owner.request('GET', '/api/admin/webhooks')).json())
    expect(listed).not.toContain('SECRET-TOKEN')
    expect(listed).not.toContain('secret@')
    expect((await site.owner.request('POST', `/api/admin/webhooks/${created.id}/test`)).status).toBe(202)
    await tick()
    const message = JSON.parse(site.hook.received.at(-1)!.body)
    expect(message.allowed_mentions).toEqual({ parse: [] })
    expect(message.embeds[0].title).toBe('A test event from the site')
    expect((await site.owner.request('DELETE', `/api/admin/webhooks/${created.id}`)).status).toBe(200)
    expect((await site.owner.request('GET', `/api/admin/webhooks/${created.id}/deliveries`)).status).toBe(404)
  })
})
