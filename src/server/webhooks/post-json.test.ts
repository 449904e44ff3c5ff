import { afterAll, describe, expect, test } from 'bun:test'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'
import { postJson } from './post-json'

const bodies: string[] = []
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    bodies.push(await request.text())
    return new URL(request.url).pathname === '/moved'
      ? Response.redirect('http://127.0.0.1:1/elsewhere', 302)
      : new Response('thanks')
  },
})
afterAll(() => server.stop(true))
const send = (path: string, allowPrivate: boolean) =>
  postJson(`http://localhost:${server.port}${path}`, { headers: {}, body: '{"a":1}', timeoutMs: 5000, allowPrivate })

describe('a webhook POST', () => {
  test('refuses, at the connection, a name that resolves to a private address', async () => {
    await expect(send('/hook', false)).rejects.toThrow(WEBHOOK_MESSAGES.privateTarget)
    expect(bodies).toEqual([])
  })

  test('goes where private targets are allowed, and answers with the status, a redirect not followed', async () => {
    expect(await send('/hook', true)).toBe(200)
    expect(await send('/moved', true)).toBe(302)
    expect(bodies).toEqual(['{"a":1}', '{"a":1}'])
  })
})
