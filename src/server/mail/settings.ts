import { site } from '../../content/site'
import type { Config } from '../config'

/** Who mail comes from and where the hiring team reads it; there are none without SMTP_URL. */
export interface MailSettings {
  smtpUrl: string
  from: string
  hiringEmail: string
  /** The right-hand side of every Message-ID: the sender's domain. */
  domain: string
}

/** The mail settings of a configuration, or null when no SMTP server is configured (no email is sent). */
export function mailSettings(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'HIRING_EMAIL'>): MailSettings | null {
  if (!config.SMTP_URL) return null
  const from = config.MAIL_FROM ?? `"${site.name} Careers" <${site.careersEmail}>`
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from
  return {
    smtpUrl: config.SMTP_URL,
    from,
    hiringEmail: config.HIRING_EMAIL ?? site.careersEmail,
    domain: address.split('@')[1]?.trim() || 'localhost',
  }
}
