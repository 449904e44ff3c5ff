import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { type Database, openDatabase } from '../../src/server/db/client'
import { WRITE_UNCONFIRMED } from '../../src/server/db/errors'
import { jobApplications, jobs, posts, tags } from '../../src/server/db/schema'
import { APPLICATION_MESSAGES } from '../../src/shared/application-rules'
import { eventually } from '../support/eventually'
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy'
import { loopbackSmtp } from '../support/smtp'
import { type SqldServer, startSqld } from '../support/sqld'
import { type RunningServer, startServer } from './support/server'

const PASSWORD = 'unconfirmed-writes-password'

let sqld: SqldServer
let proxy: FaultProxy
let app: RunningServer
/** Straight to the server, past the proxy: what is really stored. */
let db: Database
let cookie = ''
/** Stands for Varnish: the surrogate keys of each purge the app sends. */
let purger: ReturnType<typeof Bun.serve>
const purged: string[] = []
const PURGE_TOKEN = 'unconfirmed-writes-purge-token'
const smtp = loopbackSmtp()

beforeAll(async () => {
  sqld = await startSqld()
  proxy = await startFaultProxy(sqld.url)
  await smtp.listen()
  purger = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      if (request.method === 'PURGE') purged.push(request.headers.get('surrogate-key') ?? '')
      return new Response('purged')
    },
  })
  app = await startServer({
    DATABASE_URL: proxy.url,
    DATABASE_AUTH_TOKEN: sqld.authToken,
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_TIMEOUT_MS: '3000',
    PURGE_URLS: `http://127.0.0.1:${purger.port}`,
    PURGE_TOKEN,
    SMTP_URL: smtp.url,
    HIRING_EMAIL: 'hiring@studio.test',
  })
  db = await openDatabase({ url: sqld.url, authToken: sqld.authToken })
  const login = await send('POST', '/api/admin/login', { password: PASSWORD })
  expect(login.status).toBe(200)
  cookie = login.headers.get('set-cookie')!.split(';')[0]!
}, 60_000)

afterAll(async () => {
  db?.$client.close()
  await app?.stop()
  await proxy?.close()
  await sqld?.dispose()
  purger?.stop(true)
  await smtp.close()
})

const send = (method: string, path: string, body: unknown) =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: app.url, cookie },
    body: JSON.stringify(body),
  })

/** A new draft post (a transaction: the post, its slug history and its links). */
const newDraft = (title: string) => send('POST', '/api/blog', { title, content: '<p>x</p>', status: 'draft' })

const postTitled = async (title: string) => (await db.select().from(posts).where(eq(posts.title, title))).length

test('a write the database applied but whose answer was lost answers 504 saying it may have been saved, never the 503 that says it was not', async () => {
  // One statement (a tag with its slug given): the server applies it as it comes.
  const tagLost = proxy.loseAnswerTo('Unconfirmed Tag Marker')
  const tag = await send('POST', '/api/tags', { name: 'Unconfirmed Tag Marker', slug: 'unconfirmed-tag-marker' })
  await tagLost
  expect(tag.status).toBe(504)
  expect(tag.headers.get('cache-control')).toBe('no-store')
  expect(((await tag.json()) as { error: string }).error).toBe(WRITE_UNCONFIRMED.message)
  expect(await db.select().from(tags).where(eq(tags.slug, 'unconfirmed-tag-marker'))).toHaveLength(1)

  // A transaction (a new post, its slug history and links): the server committed it, the answer was lost.
  const commitLost = proxy.loseCommitAnswerOf('Unconfirmed Post Marker')
  const post = await newDraft('Unconfirmed Post Marker')
  await commitLost
  expect(post.status).toBe(504)
  expect(((await post.json()) as { error: string }).error).toBe(WRITE_UNCONFIRMED.message)
  expect(await postTitled('Unconfirmed Post Marker')).toBe(1)
  expect(app.output()).toContain('"message":"database stopped answering a write: whether it was stored is unknown"')
}, 30_000)

test('a published post edited with the commit answer lost is purged from the caching proxy as if it had been saved', async () => {
  const [post] = await db
    .select({ id: posts.id, slug: posts.slug, content: posts.content })
    .from(posts)
    .where(eq(posts.status, 'published'))
    .limit(1)
  const lost = proxy.loseCommitAnswerOf('Edited In Doubt Marker')
  const edit = await send('PUT', `/api/blog/${post!.id}`, {
    title: 'Edited In Doubt Marker',
    slug: post!.slug,
    content: post!.content,
    status: 'published',
  })
  await lost
  expect(edit.status).toBe(504)
  expect(await postTitled('Edited In Doubt Marker')).toBe(1)
  // The proxy would otherwise keep the page as it was for its s-maxage.
  const purgedPost = () => purged.some((keys) => keys.split(' ').includes(`post-${post!.id}`))
  expect(await eventually(purgedPost, 3000)).toBe(true)
}, 30_000)

test('a write stored, then the database gone before the request ended, answers 504: a 503 would say it was not stored', async () => {
  const committed = proxy.cutAfterCommitOf('Stored Then Cut Marker')
  try {
    const post = await newDraft('Stored Then Cut Marker')
    await committed
    expect(post.status).toBe(504)
    expect(((await post.json()) as { error: string }).error).toBe(WRITE_UNCONFIRMED.message)
  } finally {
    proxy.heal()
  }
  expect(await postTitled('Stored Then Cut Marker')).toBe(1)
  expect(await eventually(async () => (await fetch(`${app.url}/readyz`)).status === 200, 10_000, 200)).toBe(true)
}, 30_000)

test('an application sent without JavaScript whose commit answer was lost says to wait for the confirmation email, which comes', async () => {
  const [job] = await db.select({ id: jobs.id, slug: jobs.slug }).from(jobs).where(eq(jobs.status, 'active')).limit(1)
  const form = new FormData()
  for (const [name, value] of Object.entries({
    fullName: 'Lost Commit Applicant',
    email: 'lost-commit@example.com',
    coverLetter: 'Hello',
    resumeText: 'My résumé',
    formJobId: String(job!.id),
  }))
    form.set(name, value)
  const lost = proxy.loseCommitAnswerOf('Lost Commit Applicant')
  const answer = await fetch(`${app.url}/jobs/${job!.slug}`, {
    method: 'POST',
    body: form,
    headers: { origin: app.url, accept: 'text/html' },
    redirect: 'manual',
  })
  await lost
  expect(answer.status).toBe(504)
  const html = await answer.text()
  // Without JavaScript the form sends no idempotency key: sending it again would be a second application.
  expect(html).toContain(APPLICATION_MESSAGES.inDoubtWatchEmail.replaceAll("'", '&#x27;'))
  expect(html).toContain('lost-commit@example.com')
  expect(
    await db.select().from(jobApplications).where(eq(jobApplications.fullName, 'Lost Commit Applicant')),
  ).toHaveLength(1)
  const confirmed = () => smtp.received.some((mail) => JSON.stringify(mail.to).includes('lost-commit@example.com'))
  expect(await eventually(confirmed, 10_000, 100)).toBe(true)
}, 30_000)

test("a form posted by a browser without JavaScript, left in doubt, gets the site's own 504 page, not JSON", async () => {
  const lost = proxy.loseCommitAnswerOf('in-doubt-unsubscribe-key')
  const page = await fetch(`${app.url}/subscribe/unsubscribe/in-doubt-unsubscribe-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, accept: 'text/html' },
    body: 'confirm=1',
  })
  await lost
  expect(page.status).toBe(504)
  expect(page.headers.get('content-type')).toStartWith('text/html')
  const html = await page.text()
  expect(html).toContain('<h1 class="error-panel__title">Not confirmed</h1>')
  expect(html).toContain('may or may not have been saved')
}, 30_000)

test("the site's own bookkeeping left in doubt (a sign-in attempt's count) is a 503: nothing the visitor asked to save", async () => {
  const lost = proxy.loseAnswerTo('login_failures')
  const login = await fetch(`${app.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ password: 'not the password at all' }),
  })
  await lost
  expect(login.status).toBe(503)
  expect(((await login.json()) as { error: string }).error).toContain('database is not available')
}, 30_000)

test('a write cut before its transaction committed answers 503, and nothing of it is stored', async () => {
  const lost = proxy.loseAnswerTo('Refused Post Marker')
  const post = await newDraft('Refused Post Marker')
  // The lost request was a statement of a transaction (its first, with the BEGIN, or a later one on its baton).
  expect(await lost).toMatch(/BEGIN IMMEDIATE|"baton":"[^"]+"/)
  expect(post.status).toBe(503)
  expect(post.headers.get('retry-after')).toBe('5')
  // The server ends the transaction left open once its stream expires; a later write then goes through.
  expect(await eventually(async () => (await newDraft('Written After')).status === 201, 15_000, 500)).toBe(true)
  expect(await postTitled('Refused Post Marker')).toBe(0)
  expect(await postTitled('Written After')).toBe(1)
}, 30_000)

test('on an embedded replica, a write to the server whose answer was lost answers 504 too', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unconfirmed-replica-'))
  const replica = await startServer({
    DATABASE_URL: `file:${join(dir, 'replica.db')}`,
    DATABASE_SYNC_URL: proxy.url,
    DATABASE_AUTH_TOKEN: sqld.authToken,
  })
  try {
    const lost = proxy.loseAnswerTo('Replica Tag Marker')
    const tag = await fetch(`${replica.url}/api/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: replica.url, cookie },
      body: JSON.stringify({ name: 'Replica Tag Marker', slug: 'replica-tag-marker' }),
    })
    await lost
    expect(tag.status).toBe(504)
    expect(await db.select().from(tags).where(eq(tags.slug, 'replica-tag-marker'))).toHaveLength(1)
  } finally {
    await replica.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)
