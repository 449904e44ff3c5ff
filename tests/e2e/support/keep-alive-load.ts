import { connect, type Socket } from 'node:net'

export interface KeepAliveLoadResult {
  /** Complete answers, by status. */
  statuses: Map<number, number>
  /** Requests written on a connection that then ended or failed before their whole answer came. */
  failed: number
  /** What those failures were (socket errors, or the connection closing mid-answer). */
  failures: string[]
  /** Connections the server closed after an answer that said `Connection: close`. */
  closedAsAnnounced: number
  /** Connections the server closed while no request was outstanding on them (an idle keep-alive close). */
  closedIdle: number
  /** Connections still open when the run ended. */
  open: number
}

/**
 * Opens `connections` HTTP/1.1 keep-alive connections and sends requests on each, one after another
 * (the next as soon as the last answer is read), until `stop()` is called or the server closes the
 * connection. Connections are never reopened: what is counted is what happens to the ones already open.
 * Requests are written by hand, so nothing retries a request behind the test's back as HTTP clients do.
 */
export async function keepAliveLoad(
  url: string,
  path: string,
  connections: number,
  /** Sent with each request instead of a GET: a write, say (its headers without Host and Content-Length). */
  send?: { method: string; headers: Record<string, string>; body: string },
) {
  const { hostname, port } = new URL(url)
  const result: KeepAliveLoadResult = {
    statuses: new Map(),
    failed: 0,
    failures: [],
    closedAsAnnounced: 0,
    closedIdle: 0,
    open: connections,
  }
  let stopping = false
  const head = `${send?.method ?? 'GET'} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: gzip\r\n`
  const request = send
    ? `${head}${Object.entries(send.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}Content-Length: ${Buffer.byteLength(send.body)}\r\n\r\n${send.body}`
    : `${head}\r\n`

  const run = (socket: Socket) =>
    new Promise<void>((resolve) => {
      let buffer = Buffer.alloc(0)
      let outstanding = false
      let announcedClose = false
      let ended = false
      const send = () => {
        if (stopping || announcedClose) return
        outstanding = true
        socket.write(request)
      }
      const end = (why: string) => {
        if (ended) return
        ended = true
        result.open--
        if (outstanding) {
          result.failed++
          result.failures.push(why)
        } else if (announcedClose) result.closedAsAnnounced++
        else if (!stopping) result.closedIdle++
        socket.destroy()
        resolve()
      }
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk])
        for (let answer = readAnswer(buffer); answer; answer = readAnswer(buffer)) {
          buffer = buffer.subarray(answer.length)
          outstanding = false
          result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1)
          if (answer.close) announcedClose = true
          send()
        }
        if (stopping && !outstanding) end('stopped')
      })
      socket.on('end', () => end('the server closed the connection mid-answer'))
      socket.on('error', (error: NodeJS.ErrnoException) => end(`socket error ${error.code ?? error.message}`))
      socket.on('close', () => end('the connection closed mid-answer'))
      send()
    })

  const sockets = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket))
          socket.once('error', reject)
        }),
    ),
  )
  const done = Promise.all(sockets.map(run))
  return {
    result,
    /** Stops sending; resolves once every connection has its last answer or has ended. */
    async stop(): Promise<KeepAliveLoadResult> {
      stopping = true
      await done
      return result
    },
    /** Resolves once the server has ended every connection. */
    finished: () => done.then(() => result),
  }
}

/** One whole answer at the start of `bytes` (Content-Length or chunked), or null while it is incomplete. */
function readAnswer(bytes: Buffer): { status: number; close: boolean; length: number } | null {
  const headEnd = bytes.indexOf('\r\n\r\n')
  if (headEnd === -1) return null
  const head = bytes.subarray(0, headEnd).toString('latin1')
  const status = Number(head.split(' ')[1])
  const close = /\r\nconnection: *close/i.test(head)
  const bodyStart = headEnd + 4
  const contentLength = /\r\ncontent-length: *(\d+)/i.exec(head)
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1])
    return bytes.length >= length ? { status, close, length } : null
  }
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    let at = bodyStart
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', at)
      if (lineEnd === -1) return null
      const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16)
      at = lineEnd + 2 + size + 2
      if (at > bytes.length) return null
      if (size === 0) return { status, close, length: at }
    }
  }
  return { status, close, length: bodyStart }
}
