import { Elysia, t } from 'elysia'
import {
  NEWSLETTER_MESSAGES,
  ONE_CLICK_BODY,
  readSubscription,
  SUBSCRIBE_ACTION,
  SUBSCRIBER_TAGS_MAX,
  subscribeOutcomePath,
  subscriberPreferencesPath,
} from '../../../shared/newsletter'
import { readBodyBytes } from '../../http/body-bytes'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import type { RateLimit } from '../../http/rate-limit'
import type { SubscriberService } from './subscriber-service'

/** Subscriptions asked for per client and hour: enough for a household behind one address. */
export const SUBSCRIBE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 }

const secretParams = t.Object({ secret: t.String({ maxLength: 100 }) })

const isForm = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')

/**
 * A small form (the no-JavaScript forms, the one-click POST, which RFC 8058 allows as multipart too), or
 * null when it is too large.
 */
async function readForm(request: Request): Promise<URLSearchParams | null> {
  const bytes = await readBodyBytes(request, SMALL_BODY_LIMIT_BYTES)
  if (!bytes) return null
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) return new URLSearchParams(new TextDecoder().decode(bytes))
  try {
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
    return new URLSearchParams([...form].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])))
  } catch {
    return new URLSearchParams()
  }
}

/** The body as fields, from JSON or a form: the form's answer is a redirect (PRG), JSON's a status. */
async function readFields(request: Request, fields: readonly string[]) {
  if (isForm(request)) {
    const form = await readForm(request)
    if (!form) return { ok: false as const, status: 413, error: 'The request body is too large', form: true }
    const value = Object.fromEntries(fields.map((name) => [name, name === 'tags' ? form.getAll(name) : form.get(name)]))
    return { ok: true as const, value, form: true }
  }
  const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, fields)
  return { ...body, form: false }
}

/** Tag slugs as sent: a list of short strings, or nothing (every post). */
function tagList(value: unknown): string[] | null | 'invalid' {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value) || value.length > SUBSCRIBER_TAGS_MAX) return 'invalid'
  if (!value.every((slug) => typeof slug === 'string' && slug.length > 0 && slug.length <= 100)) return 'invalid'
  return value.length === 0 ? null : value
}

/**
 * The newsletter's public API: subscribe, confirm, choose topics and leave, each from a page form without
 * JavaScript (answered with a redirect) or as JSON. Every answer to a subscription is the same whether
 * the address was known or not.
 */
export function subscriberRoutes(
  service: SubscriberService,
  {
    limit,
    clientKey,
    onError,
  }: { limit: RateLimit; clientKey: (request: Request) => string; onError: (error: unknown) => void },
) {
  type Answer = (code: number, value: object) => unknown
  type Redirect = (url: string, code: 303) => Response
  interface Context {
    request: Request
    status: Answer
    redirect: Redirect
    set: { headers: Record<string, string | number> }
  }
  interface SecretContext extends Context {
    params: { secret: string }
  }

  async function subscribe({ request, status, redirect, set }: Context) {
    const body = await readFields(request, ['email', 'name', 'tags'])
    if (!body.ok) return status(body.status, { error: body.error })
    const read = readSubscription(body.value)
    const tags = tagList(body.value.tags)
    const known = !read.ok || tags === 'invalid' ? 'unknown' : await service.knownTags(tags)
    if (!read.ok || known === 'unknown')
      return body.form
        ? redirect(subscribeOutcomePath('invalid'), 303)
        : status(400, { error: read.ok ? NEWSLETTER_MESSAGES.tagsInvalid : read.error })
    const hit = await limit.hit(clientKey(request))
    if (!hit.allowed) {
      set.headers['retry-after'] = String(hit.retryAfterSeconds)
      return body.form
        ? redirect(subscribeOutcomePath('limited'), 303)
        : status(429, { error: NEWSLETTER_MESSAGES.limited })
    }
    // Answered before the address is looked up: a known one takes no longer to answer than a new one.
    void service
      .subscribe({ email: read.email, name: read.name, tags: known })
      .catch((error: unknown) => onError(error))
    return body.form ? redirect(subscribeOutcomePath('sent'), 303) : status(202, { ok: true })
  }

  async function confirm({ request, params, status, redirect }: SecretContext) {
    const key = await service.confirm(params.secret)
    if (isForm(request))
      return key
        ? redirect(`${subscriberPreferencesPath(key)}?confirmed=1`, 303)
        : redirect(subscribeOutcomePath('expired'), 303)
    return key
      ? { ok: true, preferences: subscriberPreferencesPath(key) }
      : status(410, { error: NEWSLETTER_MESSAGES.expired })
  }

  async function choose({ request, params, status, redirect }: SecretContext) {
    const body = await readFields(request, ['topics', 'tags'])
    if (!body.ok) return status(body.status, { error: body.error })
    const back = subscriberPreferencesPath(params.secret)
    const every = body.value.topics === 'all' || (body.value.topics === undefined && body.value.tags === null)
    const tags = every ? null : tagList(body.value.tags)
    // "Only posts tagged" with no tag ticked is no choice at all.
    if (!every && tags === null)
      return body.form ? redirect(`${back}?notags=1`, 303) : status(400, { error: NEWSLETTER_MESSAGES.noTags })
    const known = tags === 'invalid' ? 'unknown' : await service.knownTags(tags)
    if (known === 'unknown')
      return body.form ? redirect(`${back}?notags=1`, 303) : status(400, { error: NEWSLETTER_MESSAGES.tagsInvalid })
    if (!(await service.choose(params.secret, known)))
      return body.form
        ? redirect(subscribeOutcomePath('expired'), 303)
        : status(404, { error: NEWSLETTER_MESSAGES.unknownSubscriber })
    return body.form ? redirect(`${back}?saved=1`, 303) : { ok: true }
  }

  async function unsubscribe({ request, params, status, redirect, set }: SecretContext) {
    const form = await readForm(request)
    if (!form) return status(413, { error: 'The request body is too large' })
    await service.unsubscribe(params.secret)
    // A mail provider's one-click POST wants a plain 200; a person's form gets the page that says so.
    if (form.get('List-Unsubscribe') === ONE_CLICK_BODY.split('=')[1]) {
      set.headers['content-type'] = 'text/plain; charset=utf-8'
      return NEWSLETTER_MESSAGES.unsubscribed
    }
    return redirect(subscribeOutcomePath('unsubscribed'), 303)
  }

  const withSecret = { params: secretParams, parse: 'none' } as const
  // Each form posts to its page's own address (a page's form is refused only when it names another
  // origin); scripts and other clients use the API.
  return new Elysia({ name: 'subscribers' })
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store'
    })
    .post('/api/subscribers', subscribe, { parse: 'none' })
    .post(SUBSCRIBE_ACTION, subscribe, { parse: 'none' })
    .post('/api/subscribers/confirm/:secret', confirm, withSecret)
    .post('/subscribe/confirm/:secret', confirm, withSecret)
    .get(
      '/api/subscribers/preferences/:secret',
      async ({ params, status }) =>
        (await service.preferences(params.secret)) ?? status(404, { error: NEWSLETTER_MESSAGES.unknownSubscriber }),
      { params: secretParams },
    )
    .put('/api/subscribers/preferences/:secret', choose, withSecret)
    .post('/api/subscribers/preferences/:secret', choose, withSecret)
    .post('/subscribe/preferences/:secret', choose, withSecret)
    .post('/subscribe/unsubscribe/:secret', unsubscribe, withSecret)
}
