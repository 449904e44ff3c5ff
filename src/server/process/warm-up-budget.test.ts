import { expect, test } from 'bun:test'
import { createWarmUp } from './warm-up'

test('a visitor whose answer never ends keeps the warm-up waiting no longer than its budget', async () => {
  const warming = createWarmUp()
  const sent: string[] = []
  const fetch = warming.visiting((request) => {
    sent.push(new URL(request.url).pathname)
    // The visitor's upload, say, that never finishes; the warm-up's own requests answer at once.
    return sent.length === 1 ? new Promise<Response>(() => {}) : Promise.resolve(new Response('ok'))
  })
  void fetch(new Request('http://localhost/api/media'))
  const started = performance.now()
  await warming.run(fetch, 'http://localhost', () => {}, { budgetMs: 100 })
  expect(performance.now() - started).toBeLessThan(5000)
  expect(sent).toEqual(['/api/media'])
})
