import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash, pbkdf2Sync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { PREVIEWER_PBKDF2_ITERATIONS, type PreviewerGate } from '../../../shared/previewer'
import { openDatabase } from '../../db/client'
import { appSettings } from '../../db/schema'
import { loadPreviewerGate } from './previewer-gate'

const PASSWORD = 'Kindle-Preview-Secret-42'
const HINT = 'The studio name and the answer'

const pbkdf2Hex = (password: string, saltHex: string, iterations: number) =>
  pbkdf2Sync(password, Buffer.from(saltHex, 'hex'), iterations, 32, 'sha256').toString('hex')

function configured(gate: PreviewerGate) {
  if (!gate.configured) throw new Error('expected a configured gate')
  return gate
}

describe('the previewer page with PREVIEW_PASSWORD', () => {
  let t: TestApp
  let gate: Extract<PreviewerGate, { configured: true }>
  beforeAll(async () => {
    t = await createTestApp({ previewerPassword: PASSWORD })
    gate = configured((await (await t.request('/api/previewer/gate')).json()) as PreviewerGate)
  })
  afterAll(() => t.close())

  test('the gate is a PBKDF2-SHA-256 digest with a random salt and 600000 iterations', () => {
    expect(gate.iterations).toBe(PREVIEWER_PBKDF2_ITERATIONS)
    expect(PREVIEWER_PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000)
    expect(gate.salt).toMatch(/^[0-9a-f]{32}$/)
    expect(gate.digest).toMatch(/^[0-9a-f]{64}$/)
    expect(gate.digest).toBe(pbkdf2Hex(PASSWORD, gate.salt, gate.iterations))
    expect(gate.hint).toBeNull()
  })

  test('the server-rendered page carries salt, iterations and digest, never the password or its plain SHA-256', async () => {
    const html = await (await t.request('/blog-preview')).text()
    expect(html).toContain('Enter the password to open the previewer.')
    expect(html).toContain(gate.salt)
    expect(html).toContain(gate.digest)
    expect(html).toContain(String(PREVIEWER_PBKDF2_ITERATIONS))
    const plainSha256 = createHash('sha256').update(PASSWORD).digest('hex')
    for (const body of [html, await (await t.request('/api/previewer/gate')).text()]) {
      expect(body).not.toContain(PASSWORD)
      expect(body.toLowerCase()).not.toContain(plainSha256)
      expect(body.toLowerCase()).not.toContain(Buffer.from(plainSha256, 'hex').toString('base64'))
    }
  })

  test('the salt is kept in app_settings under preview_gate_salt', async () => {
    const rows = await t.db.select().from(appSettings).where(eq(appSettings.key, 'preview_gate_salt'))
    expect(rows.map((row) => row.value)).toEqual([gate.salt])
  })
})

describe('loadPreviewerGate', () => {
  test('without PREVIEW_PASSWORD the previewer is off and the database is untouched', async () => {
    const t = await createTestApp()
    try {
      expect(await loadPreviewerGate(t.db, { PREVIEW_PASSWORD_HINT: HINT })).toEqual({
        configured: false,
        digest: null,
        hint: null,
      })
      expect(await t.db.select().from(appSettings).where(eq(appSettings.key, 'preview_gate_salt'))).toEqual([])
    } finally {
      t.close()
    }
  })

  test('processes on one database share the salt, even when they start together, and pass the hint on', async () => {
    const t = await createTestApp()
    const other = await openDatabase({ url: t.databaseUrl })
    try {
      const config = { PREVIEW_PASSWORD: PASSWORD, PREVIEW_PASSWORD_HINT: HINT }
      const [a, b] = (await Promise.all([loadPreviewerGate(t.db, config), loadPreviewerGate(other, config)])).map(
        configured,
      )
      const later = configured(await loadPreviewerGate(t.db, config))
      expect(b!.salt).toBe(a!.salt)
      expect(later.salt).toBe(a!.salt)
      expect(b!.digest).toBe(a!.digest)
      expect(later.digest).toBe(a!.digest)
      expect(a!.hint).toBe(HINT)
      // A new password keeps the deployment's salt and gets a new digest.
      const changed = configured(await loadPreviewerGate(other, { PREVIEW_PASSWORD: `${PASSWORD}!` }))
      expect(changed.salt).toBe(a!.salt)
      expect(changed.digest).toBe(pbkdf2Hex(`${PASSWORD}!`, a!.salt, PREVIEWER_PBKDF2_ITERATIONS))
      expect(changed.hint).toBeNull()
    } finally {
      other.$client.close()
      t.close()
    }
  })

  test('another database gets another salt, so the same password gives another digest', async () => {
    const [t1, t2] = await Promise.all([createTestApp(), createTestApp()])
    try {
      const [a, b] = (
        await Promise.all([
          loadPreviewerGate(t1.db, { PREVIEW_PASSWORD: PASSWORD }),
          loadPreviewerGate(t2.db, { PREVIEW_PASSWORD: PASSWORD }),
        ])
      ).map(configured)
      expect(a!.salt).not.toBe(b!.salt)
      expect(a!.digest).not.toBe(b!.digest)
    } finally {
      t1.close()
      t2.close()
    }
  })
})
