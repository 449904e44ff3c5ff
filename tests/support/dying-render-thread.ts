import type { RenderThreadMessage } from '../../src/server/render/render-threads'

declare const self: Worker

/**
 * A render thread that answers its first page and stops in the middle of its second, as one that crashed
 * would, and never answers a page at /stuck, as one caught in a loop would (render-threads.test.ts).
 */
let answered = 0
self.onmessage = (event: MessageEvent<RenderThreadMessage>) => {
  const message = event.data
  if ('start' in message) return self.postMessage({ ready: true })
  if (message.url.endsWith('/stuck')) return
  if (answered++ === 0) {
    const page = { status: 200, headers: [['content-type', 'text/html']], html: 'from the thread' }
    self.postMessage({ id: message.id, ...page, databaseErrors: [] })
    return
  }
  process.exit(1)
}
