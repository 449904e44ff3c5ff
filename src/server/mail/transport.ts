import { loadOnce } from '../process/load-once'

/** One message as the sender hands it to SMTP. */
export interface MailMessage {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  /** An HTML alternative to the text (a newsletter's). */
  html?: string
  messageId: string
  /** An iCalendar object (METHOD:REQUEST or CANCEL): sent as a text/calendar part and an invite.ics. */
  calendar?: string
  /** Extra header lines, such as the ones that mark a message as sent by a machine (sender.ts). */
  headers?: Record<string, string>
}

/** Sends one message or throws; `permanent` on the error means retrying cannot help (an SMTP 5xx answer). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>
  close(): void
}

export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The SMTP reply code or the socket error code, for logs (never the text: it may name addresses). */
    readonly code: string,
  ) {
    super(message)
  }
}

/**
 * A sender that gives up on an unreachable or silent server in seconds, so the loop moves on and retries;
 * nothing in a message (its HTML either) may make nodemailer read a file or fetch a URL.
 */
const OPTIONS = {
  // One connection kept open and reused: a newsletter to thousands is not a handshake per message.
  pool: true,
  maxConnections: 1,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  disableFileAccess: true,
  disableUrlAccess: true,
}

/** The iCalendar METHOD a calendar object declares, which its MIME part must repeat. */
const methodOf = (calendar: string) => /^METHOD:(\w+)/m.exec(calendar)?.[1] ?? 'PUBLISH'

/**
 * SMTP through nodemailer, from an `smtp://` or `smtps://` URL (credentials, port and TLS in the URL).
 * nodemailer is loaded with the first message, not with the server: it takes a start tens of milliseconds.
 */
export function smtpTransport(url: string): MailTransport {
  let opened: Promise<import('nodemailer').Transporter> | undefined
  const open = loadOnce(
    () => (opened = import('nodemailer').then(({ createTransport }) => createTransport({ url, ...OPTIONS }))),
  )
  return {
    async send(message) {
      try {
        const { calendar, ...mail } = message
        await (await open()).sendMail(
          calendar ? { ...mail, icalEvent: { method: methodOf(calendar), content: calendar } } : mail,
        )
      } catch (error) {
        const {
          responseCode,
          code,
          message: text,
        } = error as { responseCode?: number; code?: string; message?: string }
        const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
        throw new MailError(text ?? String(error), permanent, String(responseCode ?? code ?? 'unknown'))
      }
    },
    // A transport whose package never loaded has nothing to close.
    close: () =>
      void opened?.then(
        (transporter) => transporter.close(),
        () => {},
      ),
  }
}
