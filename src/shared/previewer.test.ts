import { describe, expect, test } from 'bun:test'
import { pbkdf2Sync } from 'node:crypto'
import { derivePreviewerDigest } from './previewer'

describe('derivePreviewerDigest', () => {
  test('is PBKDF2-HMAC-SHA-256 with a 256-bit result (RFC 7914 vector)', async () => {
    // RFC 7914 section 11: P="passwd", S="salt", c=1; the first 32 bytes of its 64.
    expect(await derivePreviewerDigest('passwd', Buffer.from('salt').toString('hex'), 1)).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc',
    )
  })

  test('matches node:crypto for a non-ASCII password and a random salt', async () => {
    const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex')
    const password = 'Café-プレビュー-42'
    expect(await derivePreviewerDigest(password, salt, 1000)).toBe(
      pbkdf2Sync(password, Buffer.from(salt, 'hex'), 1000, 32, 'sha256').toString('hex'),
    )
  })

  test('refuses a salt that is not hex', async () => {
    await expect(derivePreviewerDigest('x', 'not hex', 1)).rejects.toThrow('not hex')
  })
})
