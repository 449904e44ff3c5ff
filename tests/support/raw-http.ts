import { connect } from 'node:net'

export interface RawResponse {
  /** The whole status line, e.g. `HTTP/1.1 200 OK`. */
  statusLine: string
  status: number
  headers: Headers
  /** The body as sent (chunked framing removed). */
  body: Buffer
  /** Everything the server sent, to show in a failure. */
  raw: string
}

/**
 * Sends bytes exactly as given to a server (no client fixing up the request line or headers) and reads
 * one response until the server closes the connection or `timeoutMs` passes. Send `Connection: close`
 * or HTTP/1.0 so that the server closes after answering.
 */
export function rawRequest(url: string, request: string | Uint8Array, timeoutMs = 10_000): Promise<RawResponse> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(port), hostname, () => socket.write(request))
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      try {
        resolve(parseResponse(Buffer.concat(chunks)))
      } catch (error) {
        reject(error)
      }
    }
    const timer = setTimeout(finish, timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', finish)
    socket.on('close', finish)
    // A server may close while the request is still being written (an early 413): read what it sent.
    socket.on('error', finish)
  })
}

function parseResponse(bytes: Buffer): RawResponse {
  const raw = bytes.toString('latin1')
  const end = bytes.indexOf('\r\n\r\n')
  if (end === -1) throw new Error(`No complete response: ${JSON.stringify(raw.slice(0, 500))}`)
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const headers = new Headers()
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  let body = bytes.subarray(end + 4)
  if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') body = unchunk(body)
  return { statusLine, status: Number(statusLine.split(' ')[1]), headers, body, raw }
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at)
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}
