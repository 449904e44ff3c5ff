import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { freePort } from './free-port'
import type { TestApp } from './test-app'

export interface LoopbackSmtp {
  /** `smtp://127.0.0.1:{port}`: what SMTP_URL is set to. */
  url: string
  /** Every message received so far, parsed. */
  received: ParsedMail[]
  /** Starts listening (again, after `close`), on the same port. */
  listen(): Promise<void>
  /** Stops listening: an outage as the apps see it (connections are refused). */
  close(): Promise<void>
  /** Resolves once `count` messages have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>
}

/**
 * A real SMTP server on loopback (the npm smtp-server package), without TLS or authentication, that
 * keeps what it receives. `answerAfterMs` holds each "250 OK" that long (a slow server), counted from the
 * end of the message. `rejectRecipient` answers 550 for matching addresses, as a server does for a
 * mailbox that does not exist.
 */
export function loopbackSmtp({
  rejectRecipient,
  answerAfterMs = 0,
}: {
  rejectRecipient?: RegExp
  answerAfterMs?: number
} = {}): LoopbackSmtp {
  const port = freePort()
  const received: ParsedMail[] = []
  let server: SMTPServer | null = null
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (rejectRecipient?.test(address.address)) {
          const error = Object.assign(new Error('No such mailbox'), { responseCode: 550 })
          callback(error)
        } else callback()
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail)
            setTimeout(callback, answerAfterMs)
          },
          (error: Error) => callback(error),
        )
      },
    })
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server = make()
        server.server.once('error', reject)
        server.listen(port, '127.0.0.1', () => resolve())
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve()
        server.close(() => resolve())
        server = null
      }),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`)
        await Bun.sleep(25)
      }
      return received
    },
  }
}

/** Ends a test app and its loopback SMTP server: the app's sender first, so no send is cut off mid-message. */
export async function closeMailApp(t: TestApp | null | undefined, smtp: LoopbackSmtp | null | undefined) {
  await t?.mailSender?.stop()
  t?.close()
  await smtp?.close()
}
