import { connect, createServer, type Socket } from 'node:net'
import { freePort } from './free-port'

export interface FaultProxy {
  /** `http://127.0.0.1:{port}`: what the app's DATABASE_URL points at instead of the server's own. */
  url: string
  /**
   * The next request to the libSQL server whose body contains `marker` reaches it, and the server answers;
   * the answer is then thrown away and the client's connection reset, as a network cut after a request went
   * out looks. Resolves with the request's body once that has happened.
   */
  loseAnswerTo(marker: string): Promise<string>
  /**
   * The same for the COMMIT of the transaction whose statement contains `marker`: its statements are
   * answered, and the server commits it, but the answer to the commit is lost.
   */
  loseCommitAnswerOf(marker: string): Promise<string>
  /**
   * The server answers the COMMIT of the transaction whose statement contains `marker`, then goes away as
   * far as the client can tell: every later request is lost the same way, until `heal`. Resolves once the
   * commit was answered.
   */
  cutAfterCommitOf(marker: string): Promise<string>
  heal(): void
  close(): Promise<void>
}

const BATON = /"baton":"([^"]+)"/
const COMMIT = /"sql":"COMMIT"/i

/**
 * A TCP proxy in front of a libSQL server (sqld's HTTP API, one JSON request per pipeline) that passes
 * everything on, until told to lose the answer to one request: the fault that leaves a client unable to
 * tell whether its write was applied. Answers are asked for uncompressed, so a transaction's baton (the
 * token each request hands the next) can be followed from answer to request.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port: targetPort } = new URL(target)
  const port = freePort()
  const sockets = new Set<Socket>()
  /** What the next matching request is to have happen to its answer. */
  let armed: {
    matches: (body: string) => boolean
    /** Whose answer is lost: the matching request's, its transaction's commit's, or every one after it. */
    lose: 'request' | 'commit' | 'after-commit'
    done: (body: string) => void
  } | null = null
  /** Set once the server is to look gone: every answer is lost. */
  let cut = false
  /** The baton of the watched transaction's last answer: its next request carries it. */
  let watchedBaton: string | null = null

  const server = createServer((client) => {
    const upstream = connect(Number(targetPort), hostname)
    sockets.add(client).add(upstream)
    /** What to do with the answer to the request in flight on this connection. */
    let answer: { lose: (body: string) => void; body: string } | { watch: true } | null = null
    /** The watched answer so far, until its baton is read. */
    let watched = ''
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1').replace(/\r\nAccept-Encoding:[^\r]*/i, '\r\nAccept-Encoding: identity')
      const body = text.slice(text.indexOf('\r\n\r\n') + 4)
      const inWatched = watchedBaton !== null && body.includes(`"baton":"${watchedBaton}"`)
      if (cut) answer = { lose: () => {}, body }
      else if (armed && (inWatched || armed.matches(body))) {
        const commit = inWatched && COMMIT.test(body)
        if (armed.lose === 'request' || (armed.lose === 'commit' && commit)) {
          answer = { lose: armed.done, body }
          armed = null
          watchedBaton = null
        } else if (commit) {
          // Answered, and everything after it lost: the client gets the commit's answer before it can ask more.
          cut = true
          armed.done(body)
          armed = null
          watchedBaton = null
        } else answer = { watch: true }
      }
      upstream.write(text, 'latin1')
    })
    upstream.on('data', (chunk: Buffer) => {
      if (answer && 'lose' in answer) {
        client.resetAndDestroy()
        upstream.destroy()
        answer.lose(answer.body)
        answer = null
        return
      }
      if (answer) {
        watched += chunk.toString('latin1')
        const baton = BATON.exec(watched)?.[1]
        if (baton) {
          watchedBaton = baton
          answer = null
          watched = ''
        }
      }
      client.write(chunk)
    })
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('close', end).on('error', end)
    upstream.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const arm = (marker: string, lose: 'request' | 'commit' | 'after-commit') =>
    new Promise<string>((done) => (armed = { matches: (body) => body.includes(marker), lose, done }))
  return {
    url: `http://127.0.0.1:${port}`,
    loseAnswerTo: (marker) => arm(marker, 'request'),
    loseCommitAnswerOf: (marker) => arm(marker, 'commit'),
    cutAfterCommitOf: (marker) => arm(marker, 'after-commit'),
    heal: () => {
      cut = false
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
