import { expect, test } from 'bun:test'
import { packageLoadedAfter } from '../../../tests/support/loaded-packages'

test('the server and its app load no WebAuthn library until a passkey is asked for', async () => {
  expect(await packageLoadedAfter('@simplewebauthn', `await import('./app.ts')`)).toBe(false)
  expect(await packageLoadedAfter('@simplewebauthn', `await (await import('./auth/webauthn.ts')).webauthn()`)).toBe(
    true,
  )
})
