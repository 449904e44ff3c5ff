import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { site } from '../../../content/site'
import type { AuditEvent } from '../../../shared/admin-security'
import type { SiteSettings } from '../../../shared/settings-schema'
import { SITE_FACT_MESSAGES } from '../../../shared/site-fact-rules'
import type { SiteFacts } from '../../../shared/site-facts'
import { createContentVersion } from '../../cache/content-version'
import { appSettings } from '../../db/schema'

let t: TestApp
let owner: ReturnType<typeof adminClient>
let now = Date.now()
beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => now })
  owner = adminClient(t)
  await owner.login()
})
afterAll(() => t.close())

const html = async (path: string) => (await t.request(path)).text()
const storedVersion = async () =>
  (await t.db.select().from(appSettings).where(eq(appSettings.key, 'content_version')))[0]?.value
/** A write from elsewhere (another process, by hand), seen once the app looks at the version again. */
async function changedElsewhere(value: string) {
  await createContentVersion(t.db).write(async (tx, changed) => {
    await tx.update(appSettings).set({ value }).where(eq(appSettings.key, 'site_links'))
    changed()
  })
  now += 1_001
}
/** The footer's Connect group, as a visitor's browser gets it. */
const footerConnect = async (path: string) => {
  const page = await html(path)
  return page.slice(page.indexOf('id="footer-connect-heading"'), page.indexOf('</footer>'))
}

test('until the owner saves, pages show the default Connect links and no Discord', async () => {
  expect(await (await t.request('/api/site-facts')).json()).toEqual(site.defaultFacts)
  const footer = await footerConnect('/')
  for (const href of Object.values(site.defaultFacts.connect)) expect(footer).toContain(`href="${href}"`)
  expect(footer).not.toContain('Discord')
  expect(await html('/blog/golf-cart-gamepass')).not.toContain('follow__discord')
})

test('the owner sets the Discord invite and a link, and hides another: every page shows it at once', async () => {
  await html('/')
  const res = await owner.request('PUT', '/api/admin/settings', {
    discordUrl: '  https://discord.gg/kindlewave  ',
    connect: { video: 'https://video.example.net/@kw', photos: null },
  })
  expect(res.status).toBe(200)
  const saved = (await res.json()) as SiteSettings
  expect(saved).toEqual({
    ...site.defaultFacts,
    webhooksAllowPrivateTargets: false,
    discordUrl: 'https://discord.gg/kindlewave',
    connect: { ...site.defaultFacts.connect, video: 'https://video.example.net/@kw', photos: null },
  })
  expect((await (await t.request('/api/site-facts')).json()) as SiteFacts).toEqual({
    ...site.defaultFacts,
    discordUrl: saved.discordUrl,
    connect: saved.connect,
  })
  const footer = await footerConnect('/')
  expect(footer).toContain('href="https://discord.gg/kindlewave"')
  expect(footer).toContain('href="https://video.example.net/@kw"')
  expect(footer).not.toContain('Photo profile')
  expect(footer).toContain(`href="${site.defaultFacts.connect.community}"`)
  expect(await html('/blog/golf-cart-gamepass')).toContain('href="https://discord.gg/kindlewave"')
  expect(await html('/')).toContain('"sameAs":["https://discord.gg/kindlewave","https://video.example.net/@kw"')

  // What is left out keeps its value; an empty link hides it too.
  await owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: true })
  await owner.request('PUT', '/api/admin/settings', { connect: { microblog: '' } })
  const after = (await (await owner.request('GET', '/api/admin/settings')).json()) as SiteSettings
  expect(after).toMatchObject({ webhooksAllowPrivateTargets: true, discordUrl: 'https://discord.gg/kindlewave' })
  expect(after.connect).toMatchObject({ video: 'https://video.example.net/@kw', photos: null, microblog: null })

  const audit = (await (await owner.request('GET', '/api/admin/audit?type=settings')).json()) as AuditEvent[]
  expect(audit.map((event) => event.subject)).toContain('Discord invite, Video channel, Photo profile')
})

test('a link that is not https, too long or unknown is refused with what to fix, and nothing changes', async () => {
  const before = await (await t.request('/api/site-facts')).json()
  const refused = async (body: unknown) => {
    const res = await owner.request('PUT', '/api/admin/settings', body)
    expect(res.status).toBe(400)
    return ((await res.json()) as { error: string }).error
  }
  expect(await refused({ discordUrl: 'http://discord.gg/x' })).toBe(SITE_FACT_MESSAGES.notHttps('Discord invite'))
  expect(await refused({ connect: { video: 'javascript:alert(1)' } })).toBe(
    SITE_FACT_MESSAGES.notHttps('Video channel'),
  )
  expect(await refused({ connect: { photos: 'https://user:secret@photos.example.com/' } })).toBe(
    SITE_FACT_MESSAGES.notHttps('Photo profile'),
  )
  expect(await refused({ connect: { community: `https://x.test/${'a'.repeat(500)}` } })).toBe(
    SITE_FACT_MESSAGES.tooLong('Game community'),
  )
  // Measured as it would be stored: 200 characters that percent-encode to 1,800.
  expect(await refused({ connect: { community: `https://x.test/${'界'.repeat(200)}` } })).toBe(
    SITE_FACT_MESSAGES.tooLong('Game community'),
  )
  expect(await refused({ connect: { forum: 'https://x.test/' } })).toBe('Unknown field: forum')
  expect(await refused({ connect: { video: 7 } })).toContain('Video channel')
  expect(await refused({ discordUrl: 42 })).toContain('Discord invite')
  expect(await (await t.request('/api/site-facts')).json()).toEqual(before)
})

test('two saves at once keep each other; a save that changes nothing writes nothing and logs nothing', async () => {
  const [video, photos] = await Promise.all([
    owner.request('PUT', '/api/admin/settings', { connect: { video: 'https://video.example.org/a' } }),
    owner.request('PUT', '/api/admin/settings', { connect: { photos: 'https://photos.example.org/b' } }),
  ])
  expect([video.status, photos.status]).toEqual([200, 200])
  const links = (await (await t.request('/api/site-facts')).json()) as SiteFacts
  expect(links.connect).toMatchObject({ video: 'https://video.example.org/a', photos: 'https://photos.example.org/b' })

  const audited = async () => (await (await owner.request('GET', '/api/admin/audit?type=settings')).json()) as unknown[]
  const [entries, version] = [(await audited()).length, await storedVersion()]
  const same = await owner.request('PUT', '/api/admin/settings', {
    connect: { video: ' https://video.example.org/a ' },
  })
  expect(same.status).toBe(200)
  expect(await storedVersion()).toBe(version)
  expect((await audited()).length).toBe(entries)
})

test('a stored value the rules no longer accept is read as the defaults, link by link, and can be saved over', async () => {
  const value = JSON.stringify({
    discordUrl: 'javascript:alert(1)',
    connect: { video: 123, photos: null, microblog: 'https://micro.example.org/kw', forum: 'https://x.test/' },
  })
  await changedElsewhere(value)
  expect(await (await t.request('/api/site-facts')).json()).toEqual({
    ...site.defaultFacts,
    discordUrl: null,
    connect: {
      video: site.defaultFacts.connect.video,
      photos: null,
      microblog: 'https://micro.example.org/kw',
      community: site.defaultFacts.connect.community,
    },
  })
  expect(await html('/')).not.toContain('javascript:')
  await changedElsewhere('{not json')
  expect(await (await t.request('/api/site-facts')).json()).toEqual(site.defaultFacts)
  expect((await owner.request('PUT', '/api/admin/settings', { webhooksAllowPrivateTargets: false })).status).toBe(200)
  const saved = await owner.request('PUT', '/api/admin/settings', { discordUrl: 'https://discord.gg/again' })
  expect(((await saved.json()) as SiteSettings).discordUrl).toBe('https://discord.gg/again')
})

test('the contact address, store, tagline and share image: saved, every page shows them; cleared, the defaults', async () => {
  const res = await owner.request('PUT', '/api/admin/settings', {
    contactEmail: ' studio@kindlewave.games ',
    storeUrl: 'https://shop.kindlewave.games/',
    storeLabel: 'Merch',
    tagline: 'Games with heart',
    shareImage: '/media/share-card.webp',
  })
  expect(res.status).toBe(200)
  const home = await html('/')
  expect(home).toContain('<title>Kindlewave Studios | Games with heart</title>')
  expect(home).toContain('href="mailto:studio@kindlewave.games"')
  expect(home).toMatch(/href="https:\/\/shop\.kindlewave\.games\/"[^>]*>Merch</)
  expect(home).toContain('"email":"studio@kindlewave.games"')
  const blog = await html('/blog')
  expect(blog).toContain('<p class="site-footer__tagline">Games with heart</p>')
  expect(blog).toContain('<meta property="og:image" content="http://localhost/media/share-card.webp"/>')
  expect(blog).not.toContain('og:image:width')
  // A post with its own image keeps it.
  expect(await html('/blog/golf-cart-gamepass')).toContain(
    '<meta property="og:image" content="http://localhost/blog/golf-cart.webp"/>',
  )

  await owner.request('PUT', '/api/admin/settings', { shareImage: null })
  expect(await html('/blog')).toContain(`content="http://localhost${site.socialImage.src}"`)
  const audit = (await (await owner.request('GET', '/api/admin/audit?type=settings')).json()) as AuditEvent[]
  expect(audit.map((event) => event.subject)).toContain(
    'Contact address, Store address, Store link text, Tagline, Default share image',
  )
})

test('a contact address, store, tagline or share image the rules refuse is refused with what to fix', async () => {
  const before = await (await t.request('/api/site-facts')).json()
  const refused = async (body: unknown) => {
    const res = await owner.request('PUT', '/api/admin/settings', body)
    expect(res.status).toBe(400)
    return ((await res.json()) as { error: string }).error
  }
  expect(await refused({ contactEmail: 'hello at studio' })).toBe(SITE_FACT_MESSAGES.notEmail)
  expect(await refused({ contactEmail: null })).toBe(SITE_FACT_MESSAGES.required('Contact address'))
  expect(await refused({ contactEmail: 'hello@studio.com?bcc=spy@evil.example' })).toBe(SITE_FACT_MESSAGES.notEmail)
  expect(await refused({ storeUrl: '  ' })).toBe(SITE_FACT_MESSAGES.required('Store address'))
  expect(await refused({ storeUrl: 'http://store.example.com' })).toBe(SITE_FACT_MESSAGES.notHttps('Store address'))
  expect(await refused({ storeLabel: 'x'.repeat(25) })).toBe(SITE_FACT_MESSAGES.tooLong('Store link text', 24))
  expect(await refused({ tagline: 'Two\nlines' })).toBe(SITE_FACT_MESSAGES.oneLine('Tagline'))
  expect(await refused({ shareImage: '//evil.example/x.png' })).toBe(SITE_FACT_MESSAGES.notImage)
  expect(await refused({ shareImage: 'javascript:alert(1)' })).toBe(SITE_FACT_MESSAGES.notImage)
  expect(await refused({ tagline: 5 })).toContain('Tagline')
  expect(await (await t.request('/api/site-facts')).json()).toEqual(before)
})

test('administrators keep the site details; only the owner lets webhooks reach private targets; editors neither', async () => {
  const administrator = await joinStaff(t, owner, 'administrator')
  expect((await administrator.request('GET', '/api/admin/settings')).status).toBe(200)
  expect((await administrator.request('PUT', '/api/admin/settings', { tagline: 'From the admins' })).status).toBe(200)
  expect(await html('/blog')).toContain('From the admins')
  const privateTargets = await administrator.request('PUT', '/api/admin/settings', {
    tagline: 'Not this',
    webhooksAllowPrivateTargets: true,
  })
  expect(privateTargets.status).toBe(403)
  expect(((await (await t.request('/api/site-facts')).json()) as SiteFacts).tagline).toBe('From the admins')
  const editor = await joinStaff(t, owner, 'editor')
  expect((await editor.request('GET', '/api/admin/settings')).status).toBe(403)
  expect((await editor.request('PUT', '/api/admin/settings', { discordUrl: null })).status).toBe(403)
  expect((await t.request('/api/admin/settings')).status).toBe(401)
})
