import { describe, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { compressAnswer, shareJson } from './compression'

const asking = (acceptEncoding?: string) =>
  new Request('http://localhost/api/x', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const large = () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Item number ${i}` })) })
const decoded = async (res: Response) =>
  JSON.parse(brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString())

describe('JSON answers', () => {
  test('a small one is sent as it is, saying nothing about codings', async () => {
    const res = compressAnswer(asking('br, gzip'), { ok: true })!
    expect([res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([null, null])
    expect(res.headers.get('content-type')).toBe('application/json;charset=utf-8')
    expect(await res.json()).toEqual({ ok: true })
  })

  test('what is not a JSON value (text, a status with its body), or not a 200, is left to the framework', () => {
    expect(compressAnswer(asking('br'), 'x'.repeat(5000))).toBeUndefined()
    expect(compressAnswer(asking('br'), new (class Status {})())).toBeUndefined()
    expect(compressAnswer(asking('br'), undefined)).toBeUndefined()
    // Under another status than 200: the framework's answer carries it, and the request log reads it there.
    expect(compressAnswer(asking('br'), large(), 400)).toBeUndefined()
  })

  test('a shared answer is compressed once: its brotli copy serves every client until the cache lets it go', async () => {
    const answer = large()
    shareJson(answer)
    const first = await decoded(compressAnswer(asking('br'), answer)!)
    // Changed in place, which a shared answer never is: the copy made first shows it was not made again.
    answer.items.pop()
    expect(await decoded(compressAnswer(asking('br'), answer)!)).toEqual(first)
    expect(first.items).toHaveLength(200)
  })

  test('an answer made for one request is compressed for that request', async () => {
    const answer = large()
    await decoded(compressAnswer(asking('br'), answer)!)
    answer.items.pop()
    expect((await decoded(compressAnswer(asking('br'), answer)!)).items).toHaveLength(199)
  })
})
