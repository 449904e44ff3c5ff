import { EMAIL_INVALID, EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from './email'

export * from './newsletter-basics'

/** The newsletter's pages: the form alone, the confirmation, the preferences and the unsubscribe of one subscriber. */
export const SUBSCRIBE_PAGE = '/subscribe'
export const subscribeConfirmPath = (token: string) => `${SUBSCRIBE_PAGE}/confirm/${token}`
export const subscriberPreferencesPath = (key: string) => `${SUBSCRIBE_PAGE}/preferences/${key}`
export const unsubscribePath = (key: string) => `${SUBSCRIBE_PAGE}/unsubscribe/${key}`
export const isUnsubscribePath = (path: string) => /^\/subscribe\/unsubscribe\/[^/]+\/?$/i.test(path)
/** An email's link (confirm, preferences, unsubscribe): its secret is in the path. */
export const isSubscriberLinkPath = (path: string) => /^\/subscribe\/[^/]+\/[^/]+/i.test(path)

/**
 * What the pages an email's links open carry: kept by no cache, listed by no search engine, and their address
 * (with its secret) never in the Referer of another site. `same-origin`, not `no-referrer`: a page's own form
 * post must still say its origin, which browsers send as `null` under `no-referrer`.
 */
export const SUBSCRIBER_PAGE_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'same-origin',
} as const

/** The JSON API of the subscribe form (with JavaScript); the form itself posts to SUBSCRIBE_ACTION. */
export const SUBSCRIBE_API = '/api/subscribers'

/** Where the no-JavaScript forms land (PRG): /subscribe/sent and so on, each saying what happened. */
export const SUBSCRIBE_OUTCOMES = ['sent', 'expired', 'unsubscribed', 'invalid', 'limited'] as const
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number]
export const subscribeOutcomePath = (outcome: SubscribeOutcome) => `${SUBSCRIBE_PAGE}/${outcome}`
export const subscribeOutcomeOf = (value: string | undefined) =>
  SUBSCRIBE_OUTCOMES.find((outcome) => outcome === value?.toLowerCase()) ?? null

/** A confirmation link works this long; an address never confirmed is deleted after it. */
export const SUBSCRIBE_CONFIRM_DAYS = 7
export const SUBSCRIBER_NAME_MAX_LENGTH = 100
export const SUBSCRIBER_TAGS_MAX = 50

/** The kinds of mail the newsletter writes to the outbox. */
export const SUBSCRIBE_CONFIRM_MAIL_KIND = 'subscribe-confirm'
export const NEWSLETTER_MAIL_KIND = 'newsletter'
export const NEWSLETTER_TEST_MAIL_KIND = 'newsletter-test'
/** The newsletter's mail: not the hiring team's to see in the outbox (the editor shows a post's progress). */
export const NEWSLETTER_MAIL_KINDS = [SUBSCRIBE_CONFIRM_MAIL_KIND, NEWSLETTER_MAIL_KIND, NEWSLETTER_TEST_MAIL_KIND]

/** What the one-click unsubscribe POST carries (RFC 8058). */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click'

export const NEWSLETTER_MESSAGES = {
  emailInvalid: EMAIL_INVALID,
  nameTooLong: `Keep your name under ${SUBSCRIBER_NAME_MAX_LENGTH} characters.`,
  tagsInvalid: 'Choose tags from the list.',
  noTags: 'Tick at least one tag, or choose every new post.',
  /** The same whether the address was known or not. */
  sent: 'Almost there: check your inbox and confirm your subscription with the link we sent.',
  expired: 'That link has expired or was used already. Subscribe again below to get a new one.',
  unsubscribed: 'You are unsubscribed: we will not email you again. You can subscribe again at any time.',
  confirmed: 'You are subscribed. Choose below what you would like to hear about.',
  saved: 'Your choices are saved.',
  limited: 'Too many requests from your network. Try again in an hour.',
  unknownSubscriber: 'This subscription does not exist any more.',
  /** A post is emailed as it goes public: one public already cannot be marked any more. */
  testSent: (to: string) => `A test of this email went to ${to}.`,
  noAddress: 'Your account has no email address to send a test to.',
  testLimited: (max: number, minutes: number) =>
    `You sent yourself ${max} tests in the last hour. You can send another in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  mailOff: 'Email is not set up on this site (SMTP_URL), so no test can be sent.',
  sendForbidden: 'Your role does not allow emailing a post to the subscribers.',
  emailAfterPublishing: 'This post is public already: a post is emailed to subscribers only as it goes public.',
} as const

export { EMAIL_MAX_LENGTH, isEmail, normalizeEmail }

/** What a subscriber asked for: every post, or only posts with one of these tags. */
export type SubscriberTopics = { all: true } | { all: false; tags: string[] }

/** A subscriber's own view of their subscription (the preferences page); nothing about anyone else. */
export interface SubscriberPreferences {
  email: string
  name: string
  topics: SubscriberTopics
  /** The tags there are to choose from. */
  choices: { slug: string; name: string }[]
}

/** Reads the subscribe form's fields, posted as JSON or as a form; the first problem, or the subscription asked for. */
export function readSubscription(fields: {
  email?: unknown
  name?: unknown
}): { ok: true; email: string; name: string } | { ok: false; error: string } {
  const email = normalizeEmail(typeof fields.email === 'string' ? fields.email : '')
  const name = (typeof fields.name === 'string' ? fields.name : '').trim()
  if (!isEmail(email)) return { ok: false, error: NEWSLETTER_MESSAGES.emailInvalid }
  if (name.length > SUBSCRIBER_NAME_MAX_LENGTH) return { ok: false, error: NEWSLETTER_MESSAGES.nameTooLong }
  return { ok: true, email, name }
}

/** How a post's email went (the editor shows it): sending until every message is sent or has failed. */
export interface NewsletterProgress {
  state: 'sending' | 'sent'
  sent: number
  failed: number
  total: number
}

/** Messages a second, by default, when NEWSLETTER_PER_SECOND is not set: gentle on any mail server. */
export const NEWSLETTER_PER_SECOND_DEFAULT = 10

/** One subscriber as the admin lists them. */
export interface SubscriberRow {
  id: number
  email: string
  name: string
  state: 'pending' | 'active'
  /** Tag slugs, or null for every post. */
  tags: string[] | null
  createdAt: string
  confirmedAt: string | null
}

/** The admin's summary: how many, and how many joined lately. */
export interface SubscriberStats {
  active: number
  pending: number
  joinedLast7Days: number
  joinedLast30Days: number
}

export const SUBSCRIBER_STATES = ['active', 'pending'] as const
export const SUBSCRIBERS_PAGE_SIZE = 50
/** An import is at most this many bytes (a CSV of about 100,000 addresses). */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 5 * 1024 * 1024

/** What an import did: rows added, addresses already on the list, and the lines that were no address. */
export interface SubscriberImport {
  added: number
  known: number
  /** Addresses left out because their owners unsubscribed. */
  unsubscribed: number
  invalidLines: number[]
}

export const SUBSCRIBER_ADMIN_MESSAGES = {
  consentRequired: 'Confirm that everyone on the list agreed to get your emails (consent=yes).',
  importEmpty: 'The file has no email addresses. Put one per line, or a column named "email".',
  importUnreadable: 'The file is not a CSV file this importer can read.',
  notFound: 'Subscriber not found',
} as const
